#!/usr/bin/env python3
"""Self-test of the docs' example runner (doc_examples_test.py): the rule
finds what it should, and a wrong example fails the run with its page, line
and command (fixtures/broken_examples.md holds some on purpose).

usage: doc_examples_selftest.py --kibitz PATH
"""

import pathlib
import subprocess
import sys
import unittest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from doc_examples_extract import DocError, find_examples  # noqa: E402

KIBITZ = None  # set from the command line


def texts(page):
    return [(e.line, e.kind, e.text) for e in find_examples(page, "page.md")]


class TheRule(unittest.TestCase):
    def test_code_blocks_find_commands_and_join_continuations(self):
        page = "```\nkibitz games\nbuild/tools/kibitz arena --game g \\\n  --agents a,b\nls -l\n```\n"
        self.assertEqual(texts(page), [(2, "run", "kibitz games"),
                                       (3, "run", "build/tools/kibitz arena --game g --agents a,b")])

    def test_prompted_blocks_take_only_prompted_lines_and_a_shown_error(self):
        page = "```\n$ kibitz play --game x\nkibitz play: error: no game x\nkibitz games\n```\n"
        [example] = find_examples(page, "page.md")
        self.assertEqual((example.text, example.expect_exit), ("kibitz play --game x", None))
        self.assertEqual(example.expect_error, "kibitz play: error: no game x")

    def test_indented_blocks_descriptions_and_diagrams(self):
        page = ("Text.\n\n    kibitz --help        list the commands\n\n"
                "    |     kibitz        (program)\n")
        self.assertEqual(texts(page), [(3, "run", "kibitz --help")])

    def test_placeholders_and_ellipses_make_synopses(self):
        page = ("```\nkibitz rules GAME\nkibitz arena --agents 'A,random' --games 2\n"
                "kibitz train ... --resume\nkibitz rules kuhn_poker\n```\n")
        self.assertEqual([kind for _, kind, _ in texts(page)], ["synopsis"] * 3 + ["run"])

    def test_inline_spans_run_only_with_two_options(self):
        page = ("Try `kibitz play --record`, `kibitz games`, `kibitz tea odds --drinks 1,2\n"
                "--exempt 1` and `kibitz --help`.\n")
        self.assertEqual(texts(page), [(1, "synopsis", "kibitz play --record"),
                                       (1, "run", "kibitz tea odds --drinks 1,2 --exempt 1"),
                                       (2, "synopsis", "kibitz --help")])

    def test_annotations_apply_to_the_next_block(self):
        page = ("<!-- doc-test: --games 900 => --games 2 -->\n<!-- doc-test: skip when serve: forever -->\n\n"
                "```\nkibitz arena --games 900\nkibitz serve --x 1 --y 2\n```\n\n```\nkibitz arena --games 900\n```\n")
        first, second, third = find_examples(page, "page.md")
        self.assertEqual((first.substitutions, first.skip), ([("--games 900", "--games 2")], ""))
        self.assertEqual((second.substitutions, second.skip), ([], "forever"))
        self.assertEqual((third.substitutions, third.skip), ([], ""))

    def test_stale_or_unknown_annotations_are_errors(self):
        for page in ("<!-- doc-test: --games 9 => --games 2 -->\n```\nkibitz arena --games 8\n```\n",
                     "<!-- doc-test: sikp: typo -->\n```\nkibitz games\n```\n",
                     "<!-- doc-test: skip: nothing below -->\n",
                     "<!-- doc-test: skip: prose -->\nNo command here.\n"):
            with self.assertRaises(DocError, msg=page):
                find_examples(page, "page.md")


class TheRunner(unittest.TestCase):
    def test_wrong_examples_fail_with_page_line_and_command(self):
        done = subprocess.run([sys.executable, str(HERE / "doc_examples_test.py"), "--kibitz", KIBITZ,
                               "--source-dir", str(HERE.parent.parent), "tests/docs/fixtures/broken_examples.md"],
                              capture_output=True, text=True, timeout=120)
        out = done.stdout
        self.assertEqual(done.returncode, 1, out)
        page = "tests/docs/fixtures/broken_examples.md"
        for line, command in ((8, "kibitz arena --game kuhn_poker --agents random,random --gmaes 2"),
                              (11, "kibitz ploy --game kuhn_poker --seats random,random"),
                              (13, "kibitz replay verify FILE [--expect-gam SPEC]"),
                              (21, "kibitz play --game kuhn_poker --seats random,random")):
            self.assertIn(f"FAILED {page}:{line}: {command}", out)
        self.assertIn("--expect-gam is not a flag of `kibitz replay verify`", out)
        self.assertIn("the doc shows it failing, but it exited 0", out)
        self.assertIn(f"FAILED {page}:32: kibitz play --game no_such_game", out)
        self.assertIn("the doc shows the error\n    kibitz play: error: a message the program", out)
        for line in (7, 17, 18):
            self.assertIn(f"ok  ", next(l for l in out.split("\n") if f"{page}:{line}:" in l))
        self.assertIn(f"{page}:17: kibitz play --game kuhn_poker --seats random,random --games 4 --record", out)
        self.assertIn(f"SKIP           {page}:28:", out)
        self.assertIn("9 examples: 7 run (1 with a doc-test substitution), 1 skipped by annotation, "
                      "1 synopses whose flags were checked; 5 failed", out)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "--kibitz":
        sys.exit(__doc__)
    KIBITZ = sys.argv[2]
    unittest.main(argv=sys.argv[:1], verbosity=2)
