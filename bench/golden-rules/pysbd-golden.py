#!/usr/bin/env python3
"""pySBD on the golden rules of golden-rules.json (run by bench/golden-rules.sh).

    python3 pysbd-golden.py [golden-rules.json] [--failures]

Each case runs with the settings pySBD's own tests give it ("pysbd":
clean=True, doc_type="pdf"; otherwise clean=False). Sentences are compared
as narrate's are: with their white space removed (a cleaner may add or
drop spaces; the boundaries are what is measured). Prints, per language,
how many cases pySBD splits exactly as expected."""
import json
import os
import re
import sys

import pysbd


def compact(sentences):
    return [re.sub(r"\s+", "", s) for s in sentences if s.strip()]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    path = args[0] if args else os.path.join(os.path.dirname(__file__), "golden-rules.json")
    show = "--failures" in sys.argv
    rules = json.load(open(path, encoding="utf-8"))
    total = passed = 0
    for language in rules["languages"]:
        code, cases = language["code"], language["cases"]
        right = 0
        for number, case in enumerate(cases, 1):
            options = case.get("pysbd", {})
            segmenter = pysbd.Segmenter(language=code, clean=options.get("clean", False),
                                        doc_type=options.get("doc_type"), char_span=False)
            found = segmenter.segment(case["text"])
            if compact(found) == compact(case["sentences"]):
                right += 1
            elif show:
                print(f"  {code} #{number}: {found}")
        print(f"{code}\t{right}/{len(cases)}")
        total += len(cases)
        passed += right
    print(f"all\t{passed}/{total}")


main()
