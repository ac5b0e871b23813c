#!/usr/bin/env python3
"""Runs every example `kibitz` command of README.md and docs/**/*.md against
the built binary (issue 34): the rule for what counts as an example and the
doc-test annotations are in docs/testing.md and doc_examples_extract.py.

usage: doc_examples_test.py --kibitz PATH --source-dir DIR [--jobs N] [PAGE.md ...]

Pages are relative to the source dir; without any, README.md and every page
under docs/. Exits 1 if any example fails, naming the page, line and command.
"""

import argparse
import concurrent.futures
import pathlib
import shutil
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from doc_examples_extract import DocError, find_examples  # noqa: E402
from doc_examples_run import Runner  # noqa: E402


def default_pages(source_dir):
    root = pathlib.Path(source_dir)
    pages = [root / "README.md"] + sorted((root / "docs").rglob("*.md"))
    return [str(page.relative_to(root)) for page in pages]


def run_page(runner, examples):
    """One page's examples, in order, in one fresh folder."""
    folder = runner.workdir()
    try:
        results = []
        for example in examples:
            if example.kind == "synopsis":
                results.append(runner.check_synopsis(example))
            elif not example.skip:
                results.append(runner.run(example, folder))
        return results
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def report(results, examples):
    runs = [e for e in examples if e.kind == "run"]
    skipped = [e for e in runs if e.skip]
    failed = [r for r in results if not r.ok]
    for result in results:
        e = result.example
        verb = "checked" if e.kind == "synopsis" else "ran"
        state = "ok  " if result.ok else "FAIL"
        print(f"{state} {result.seconds:6.2f}s {verb:7} {e.where()}: {result.command}")
    for e in skipped:
        print(f"SKIP           {e.where()}: {e.text}\n    (doc-test skip: {e.skip})")
    for result in failed:
        e = result.example
        print(f"\nFAILED {e.where()}: {e.text}")
        if result.command != e.text:
            print(f"  run as: {result.command}")
        print("  " + result.message.replace("\n", "\n  "))
    print(f"\n{len(examples)} examples: {len(runs) - len(skipped)} run "
          f"({sum(1 for e in runs if e.substitutions and not e.skip)} with a doc-test substitution), "
          f"{len(skipped)} skipped by annotation, "
          f"{len(examples) - len(runs)} synopses whose flags were checked; {len(failed)} failed")
    return not failed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kibitz", required=True)
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--jobs", type=int, default=2, help="pages run at once")
    parser.add_argument("pages", nargs="*")
    args = parser.parse_args()
    root = pathlib.Path(args.source_dir)
    pages = args.pages or default_pages(args.source_dir)
    start = time.monotonic()
    try:
        per_page = [find_examples((root / page).read_text(encoding="utf-8"), page) for page in pages]
    except DocError as error:
        print(f"FAILED {error}")
        return 1
    runner = Runner(args.kibitz, args.source_dir)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        page_results = list(pool.map(lambda examples: run_page(runner, examples), per_page))
    examples = [e for page in per_page for e in page]
    ok = report([r for page in page_results for r in page], examples)
    print(f"{len(pages)} pages in {time.monotonic() - start:.1f} s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
