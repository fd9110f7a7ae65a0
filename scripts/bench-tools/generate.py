#!/usr/bin/env python3
"""Deterministic benchmark data for scripts/bench.

Writes, for N items (12 a day, in 4 `log` lines tagged @breakfast/@lunch/@dinner/@snack, dates
as headings), the same diary in three forms:
  NAME.meal  the meal script
  NAME.ledger a ledger journal (one transaction a meal, one posting an item, kcal commodity)
  NAME.csv   the rows of the diary's entry table, for sqlite3's .import
"""
import argparse
import datetime
import os

# (item text, name for ledger accounts, grams, kcal): everyday items with their resolved values.
ITEMS = [
    ("2 eggs", "eggs", 100, 143), ("200g rice", "rice", 200, 260), ("a coffee", "coffee", 237, 2),
    ("1 slice toast", "toast", 22, 64), ("1 cup milk", "milk", 244, 149), ("1 banana", "banana", 118, 105),
    ("150 g chicken breast", "chicken", 150, 248), ("1 cup broccoli", "broccoli", 156, 55),
    ("1 medium apple", "apple", 182, 95), ("6 oz salmon", "salmon", 170, 350), ("1 cup oatmeal", "oatmeal", 234, 166),
    ("2 tbsp peanut butter", "peanut-butter", 32, 188), ("1 cup yogurt", "yogurt", 245, 149),
    ("30 g almonds", "almonds", 30, 173), ("1 cup black beans", "black-beans", 172, 227), ("1 orange", "orange", 131, 62),
    ("100 g cheddar", "cheddar", 100, 403), ("1 tbsp olive oil", "olive-oil", 14, 124), ("1 cup pasta", "pasta", 140, 221),
    ("1 baked potato", "potato", 173, 161), ("2 slices bacon", "bacon", 23, 107), ("1 cup spinach", "spinach", 30, 7),
    ("1 can beer", "beer", 356, 153), ("1 slice pizza", "pizza", 107, 285),
]
MEALS = ["breakfast", "lunch", "dinner", "snack"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--items", type=int, required=True)
    parser.add_argument("--out", required=True, help="path without extension")
    args = parser.parse_args()
    days = (args.items + 11) // 12
    start = datetime.date(2026, 11, 29) - datetime.timedelta(days=days - 1)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    meal_lines, ledger_lines, csv_lines = [], [], []
    written = 0
    group = 0
    for day_index in range(days):
        day = start + datetime.timedelta(days=day_index)
        meal_lines.append(day.isoformat())
        for meal_index, meal in enumerate(MEALS):
            count = min(3, args.items - written)
            if count <= 0:
                break
            group += 1
            chosen = [ITEMS[(day_index * 7 + meal_index * 3 + k) % len(ITEMS)] for k in range(count)]
            meal_lines.append("log " + ", ".join(c[0] for c in chosen) + " @" + meal)
            ledger_lines.append("%s %s" % (day.strftime("%Y/%m/%d"), meal))
            for c in chosen:
                ledger_lines.append("    food:%s  %d kcal" % (c[1], c[3]))
                csv_lines.append('%d,1,%s,,%s,"%s",1,,%d,%d,' % (group, day.isoformat(), meal, c[0], c[2],
                                                                ITEMS.index(c) + 1))
            ledger_lines.append("    diet:eaten")
            ledger_lines.append("")
            written += count
    for extension, lines in (("meal", meal_lines), ("ledger", ledger_lines), ("csv", csv_lines)):
        with open(args.out + "." + extension, "w") as handle:
            handle.write("\n".join(lines) + "\n")
    print("%s: %d items, %d days" % (args.out, written, days))


if __name__ == "__main__":
    main()
