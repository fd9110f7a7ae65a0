#!/usr/bin/env python3
"""scripts/bench: FoodLog next to ledger, sqlite3, luac5.4 and lua5.4, in one invocation.

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
FOODLOG = os.path.join(ROOT, ".build", "release", "foodlog")
QUICK = "--quick" in sys.argv
REPS = 3 if QUICK else 5
WORK = os.path.join(tempfile.gettempdir(), "foodlog-bench")
ENV = dict(os.environ, FOODLOG_TODAY="2026-11-29", NO_COLOR="1")


def run(command, stdin=None, cwd=None):
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
    if os.waitstatus_to_exitcode(status) != 0:
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

    section("Parse (issue 2): foodlog parse vs luac5.4 -p on an equal Lua table file")
    print("%10s %12s %12s %10s %12s %12s %8s" % ("items", "foodlog s", "items/s", "MB/s", "luac s", "items/s", "ratio"))
    for items, name in sizes:
        base = generate(items, name)
        ours, _, theirs, _ = compare("parse", [FOODLOG, "parse", base + ".meal"], ["luac5.4", "-p", base + ".lua"])
        megabytes = os.path.getsize(base + ".meal") / 1e6
        print("%10d %12.3f %12.0f %10.1f %12.3f %12.0f %7.2fx" % (
            items, ours, items / ours, megabytes / ours, theirs, items / theirs, theirs / ours))
    print("goal: >= 1,000,000 items/s and >= 1.7x luac's items/s (ratio above is luac time / foodlog time)")

    section("Check (issues 3, 4): foodlog check vs ledger -f FILE balance")
    print("%10s %12s %10s %12s %10s %8s" % ("items", "foodlog s", "peak MB", "ledger s", "peak MB", "faster"))
    for items, name in sizes:
        base = generate(items, name)
        database = os.path.join(WORK, "check.sqlite")
        ours, ours_mem, theirs, theirs_mem = compare(
            "check", [FOODLOG, "check", "--db", database, base + ".meal"], ["ledger", "-f", base + ".ledger", "balance"])
        print("%10d %12.3f %10.1f %12.3f %10.1f %7.2fx" % (items, ours, ours_mem, theirs, theirs_mem, theirs / ours))
        parse, _, _ = run([FOODLOG, "parse", base + ".meal"])
        print("%10s parse alone %.3f s: resolving and totalling take %.0f%% of check" % ("", parse, max(0, ours - parse) / ours * 100))
    print("goal: >= 3x faster than ledger; peak memory at 1M <= 330 MB")

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
        print("foodlog run %.2f s, sqlite3 import %.2f s: %.2fx sqlite3's time (goal <= 1.5x)" % (ours, theirs, ours / theirs))

    section("Resolver accuracy (issue 3): the labelled phrase set")
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


if __name__ == "__main__":
    main()
