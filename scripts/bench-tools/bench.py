#!/usr/bin/env python3
"""scripts/bench: FoodLog next to ledger, sqlite3 and lua5.4, in one invocation.

Every comparison runs both sides alternately, several times, and reports medians and ratios.
Wall time and peak resident memory come from wait4()'s rusage of each child process.
"""
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# `--binary PATH` measures another build (an older commit's, for a before/after figure).
FOODLOG = (sys.argv[sys.argv.index("--binary") + 1] if "--binary" in sys.argv
           else os.path.join(ROOT, ".build", "release", "foodlog"))
QUICK = "--quick" in sys.argv
REPS = 3 if QUICK else 5
WORK = os.path.join(tempfile.gettempdir(), "foodlog-bench")
ENV = dict(os.environ, FOODLOG_TODAY="2026-11-29", NO_COLOR="1")


def run(command, stdin=None, cwd=None):
    # `foodlog check --plan` exits 1 when some day fails its plan: a verdict, not an error.
    allowed = (0, 1) if "--plan" in command else (0,)
    """Runs a command; returns (seconds, peak RSS in MB, stdout)."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV, cwd=cwd)
    if stdin:
        process.stdin.write(stdin)
        process.stdin.close()
    out = process.stdout.read()
    err = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) not in allowed:
        raise SystemExit("failed: %s\n%s" % (" ".join(command), err.decode()[-2000:]))
    return elapsed, usage.ru_maxrss / 1024.0, out


def compare(label, ours, theirs, reps=REPS, setup=None):
    """Alternates two commands; returns medians (time, memory) for both."""
    ours_times, theirs_times, ours_mem, theirs_mem = [], [], [], []
    for _ in range(reps):
        if setup:
            setup()
        t, m, _ = run(ours)
        ours_times.append(t)
        ours_mem.append(m)
        if setup:
            setup()
        t, m, _ = run(theirs)
        theirs_times.append(t)
        theirs_mem.append(m)
    return (statistics.median(ours_times), max(ours_mem), statistics.median(theirs_times), max(theirs_mem))


def generate(items, name):
    base = os.path.join(WORK, name)
    if not os.path.exists(base + ".meal"):
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "bench-tools", "generate.py"),
                        "--items", str(items), "--out", base], check=True, stdout=subprocess.DEVNULL)
    return base


def section(title):
    print("\n## " + title)


def main():
    os.makedirs(WORK, exist_ok=True)
    sizes = [(43_800, "m43k")] + ([] if QUICK else [(1_000_000, "m1")])
    print("FoodLog benchmark — %s, %d repetitions, medians" % (time.strftime("%Y-%m-%d %H:%M"), REPS))

    section("One day: foodlog run of a one-day script into an existing diary, whole process")
    day_script = os.path.join(WORK, "today.meal")
    with open(day_script, "w") as handle:
        handle.write("2026-11-29\nlog 2 eggs, 1 slice toast and a coffee @breakfast\n"
                     "log 150 g chicken breast, 200g rice, 1 cup broccoli @lunch\n"
                     "log 1 banana @snack\nlog 6 oz salmon, 1 baked potato @dinner\n")
    day_db = os.path.join(WORK, "day.sqlite")
    run([FOODLOG, "run", "--db", day_db, day_script])
    times = sorted(run([FOODLOG, "run", "--db", day_db, day_script])[0] for _ in range(4 * REPS + 1))
    print("foodlog run today.meal: %.1f ms median (goal <= 10 ms)" % (statistics.median(times) * 1000))

    section("Check: foodlog check vs ledger -f FILE balance on the same diary")
    print("%10s %12s %10s %12s %10s %8s" % ("items", "foodlog s", "peak MB", "ledger s", "peak MB", "faster"))
    for items, name in sizes:
        base = generate(items, name)
        database = os.path.join(WORK, "check.sqlite")
        ours, ours_mem, theirs, theirs_mem = compare(
            "check", [FOODLOG, "check", "--db", database, base + ".meal"], ["ledger", "-f", base + ".ledger", "balance"])
        print("%10d %12.3f %10.1f %12.3f %10.1f %7.2fx" % (items, ours, ours_mem, theirs, theirs_mem, theirs / ours))
    print("goal: >= 3x faster than ledger on the 10-year script (43,800 items)")

    if not QUICK:
        section("Run (issue 4): foodlog run of 1,000,000 items into a fresh diary vs sqlite3 importing the CSV")
        base = generate(1_000_000, "m1")
        database = os.path.join(WORK, "run.sqlite")
        imported = os.path.join(WORK, "import.sqlite")
        sql = os.path.join(WORK, "import.sql")
        with open(sql, "w") as handle:
            handle.write("""CREATE TABLE entry(id INTEGER PRIMARY KEY, group_id INTEGER NOT NULL, origin_id INTEGER NOT NULL,
  day TEXT NOT NULL, time TEXT, meal TEXT, text TEXT NOT NULL, quantity REAL NOT NULL, unit TEXT, grams REAL NOT NULL,
  snapshot_id INTEGER NOT NULL, note TEXT);
CREATE INDEX entry_day ON entry(day);
CREATE TEMP TABLE staging(group_id, origin_id, day, time, meal, text, quantity, unit, grams, snapshot_id, note);
.mode csv
.import %s staging
BEGIN;
INSERT INTO entry(group_id, origin_id, day, time, meal, text, quantity, unit, grams, snapshot_id, note) SELECT * FROM staging;
COMMIT;
""" % (base + ".csv"))

        def fresh():
            for path in (database, imported):
                for suffix in ("", "-wal", "-shm"):
                    if os.path.exists(path + suffix):
                        os.remove(path + suffix)
        ours_times, theirs_times = [], []
        for _ in range(3):
            fresh()
            ours_times.append(run([FOODLOG, "run", "--db", database, base + ".meal"])[0])
            fresh()
            with open(sql, "rb") as handle:
                theirs_times.append(run(["sqlite3", imported], stdin=handle.read())[0])
        ours, theirs = statistics.median(ours_times), statistics.median(theirs_times)
        print("foodlog run %.2f s, sqlite3 import %.2f s: %.2fx sqlite3's time (goal <= 2x)" % (ours, theirs, ours / theirs))

    section("Plans: foodlog check --plan keto over 3,650 days vs plain lua5.4 building the same day tables in memory")
    base = generate(43_800, "m43k")
    database = os.path.join(WORK, "tenyears.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(database + suffix):
            os.remove(database + suffix)
    run([FOODLOG, "run", "--db", database, base + ".meal"])
    keto = os.path.join(ROOT, "Sources", "CBuiltinScripts", "lua", "plans", "keto.lua")
    driver = os.path.join(ROOT, "scripts", "bench-tools", "lua_days_in_memory.lua")
    first, last = "2016-12-02", "2026-11-29"
    ours, _, theirs, _ = compare("plan", [FOODLOG, "check", "--db", database, "--plan", "keto", first + ".." + last],
                                 ["lua5.4", driver, keto, "3650"], reps=REPS)
    print("foodlog %.3f s, lua5.4 %.3f s: %.2fx lua5.4's time (goal <= 1.5x)" % (ours, theirs, ours / theirs))

    section("Dashboard: foodlog show week on a 10-year diary vs sqlite3 running the 7-day query")
    query = ("SELECT e.day, count(*), sum(e.grams*s.kcal)/100, sum(e.grams*s.protein)/100, sum(e.grams*s.carbs)/100, "
             "sum(e.grams*s.fat)/100 FROM entry e JOIN food_snapshot s ON s.id = e.snapshot_id "
             "WHERE e.day BETWEEN '2026-11-23' AND '2026-11-29' GROUP BY e.day;")
    ours, _, theirs, _ = compare("week", [FOODLOG, "show", "--db", database, "week"], ["sqlite3", database, query])
    print("foodlog show week %.1f ms, sqlite3 %.1f ms: %.2fx (goal <= 3x)" % (ours * 1000, theirs * 1000, ours / theirs))
    year = statistics.median([run([FOODLOG, "show", "--db", database, "last", "365", "days", "by", "day"])[0] for _ in range(REPS)])
    print("foodlog show last 365 days by day: %.1f ms (goal <= 50 ms)" % (year * 1000))

    section("REPL: resident memory when idle, review latency of a three-item log line")
    repl_bench(database)

    section("Language server: re-analysis after an edit (didChange to publishDiagnostics, whole file sent)")
    lsp_bench(database)

    if "--binary" in sys.argv:
        return
    section("Resolver accuracy: the labelled phrase set")
    try:
        subprocess.run(["swift", "build", "--build-tests"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        output = subprocess.run(["swift", "test", "--skip-build", "--filter", "atLeastNinetyPercent"], cwd=ROOT,
                                capture_output=True, text=True).stdout
        score = [line for line in output.splitlines() if "labelled accuracy" in line]
        print(score[0].strip() if score else "accuracy test did not report")
    except (OSError, subprocess.CalledProcessError) as error:
        print("accuracy: could not run the test (%s)" % error)
    print("goal: >= 90% resolve to an acceptable row with grams within 15%")


def lsp_bench(database):
    """Drives `foodlog lsp` over pipes on the 10-year diary: opens a one-year and a ten-year
    script, then edits one line at a time and times each edit until its diagnostics arrive
    (full-document sync, so this includes sending and reading the whole text)."""
    import json

    def frame(message):
        body = json.dumps(message).encode()
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def receive(stream):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            header += stream.read(1)
        length = int(header.split(b":")[1].split(b"\r")[0])
        return json.loads(stream.read(length))

    for items, name, goal in ((4_380, "m4k", 20), (43_800, "m43k", 150)):
        base = generate(items, name)
        with open(base + ".meal") as handle:
            text = handle.read()
        server = subprocess.Popen([FOODLOG, "lsp", "--db", database], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  env=ENV)
        server.stdin.write(frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}))
        server.stdin.flush()
        receive(server.stdout)
        uri = "file://" + base + ".meal"
        started = time.perf_counter()
        server.stdin.write(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "meal", "version": 1, "text": text}}}))
        server.stdin.flush()
        while receive(server.stdout).get("method") != "textDocument/publishDiagnostics":
            pass
        cold = time.perf_counter() - started
        times = []
        for version in range(2, 2 + 4 * REPS):
            edited = text + ("log %d eggs\n" % version)
            started = time.perf_counter()
            server.stdin.write(frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": edited}]}}))
            server.stdin.flush()
            while True:
                message = receive(server.stdout)
                if message.get("method") == "textDocument/publishDiagnostics":
                    break
            times.append(time.perf_counter() - started)
        server.stdin.write(frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
        server.stdin.write(frame({"jsonrpc": "2.0", "method": "exit"}))
        server.stdin.close()
        server.wait()
        print("%6d items (%d KB): first analysis %.1f ms, re-analysis median %.1f ms (goal <= %d ms)" % (
            items, len(text.encode()) // 1024, cold * 1000, statistics.median(times) * 1000, goal))


def repl_bench(database):
    """Drives `foodlog repl` through a pseudo-terminal: idle RSS and review latency."""
    import pty
    import select
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(FOODLOG, [FOODLOG, "repl", "--db", database], dict(ENV, TERM="dumb"))

    def read_until(marker, timeout=10.0):
        buffer = b""
        deadline = time.perf_counter() + timeout
        while marker not in buffer and time.perf_counter() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    buffer += os.read(fd, 65536)
                except OSError:
                    break
        return buffer

    read_until(b"foodlog> ")
    latencies = []
    for attempt in range(6):
        started = time.perf_counter()
        os.write(fd, b"log 2 eggs, 200g rice and a coffee @breakfast\r")
        read_until(b"Save? [Y/n/e]")
        latencies.append(time.perf_counter() - started)
        os.write(fd, b"n\r")
        read_until(b"foodlog> ")
    time.sleep(0.3)
    with open("/proc/%d/status" % pid) as status:
        rss = [line for line in status if line.startswith("VmRSS")][0].split()[1]
    os.write(fd, b"\x04")
    os.waitpid(pid, 0)
    warm = statistics.median(latencies[1:])
    print("idle resident memory %.1f MB (goal <= 30 MB); review of a 3-item log line: first %.1f ms, warm median %.1f ms (goal <= 5 ms)" % (
        int(rss) / 1024.0, latencies[0] * 1000, warm * 1000))


if __name__ == "__main__":
    main()
