"""Finds the example `kibitz` commands of a Markdown page.

The rule (docs/testing.md, "The docs' example commands"):

- In a code block (fenced with ``` or indented by four spaces), a line is a
  command when it starts with `kibitz `, `build/tools/kibitz ` or
  `./build/tools/kibitz ` (after an optional `$ ` prompt), or pipes into one
  (`printf 'bet\\n' | kibitz play ...`). A trailing backslash continues it on
  the next line. In a block that uses `$ ` prompts only the prompted lines
  are commands; the rest is output, and an output line
  `kibitz CMD: error: ...` right after a command says the doc shows that
  command failing on purpose. Text after a run of three or more spaces
  outside quotes is a description, not part of the command.
- In prose, an inline code span is a command when it starts the same way and
  has two or more `--options`. A span with one (`kibitz play --record`)
  names that option, and is checked as a synopsis is; one with none
  (`kibitz games`) names a command.
- A command with an upper-case placeholder (FILE, SPEC, OUT.html, N) is a
  synopsis: it is not run, but each --flag it names must be one of its
  command's flags.
- `<!-- doc-test: ... -->` comments right above a code block or paragraph
  change how its commands run: `A => B` (replace the text A by B, which must
  occur), `skip: REASON`, `skip when TEXT: REASON` (only the commands that
  hold TEXT), `exit: N`, `until: TEXT` (run until the output shows TEXT,
  then stop it), `stdin: TEXT` (\\n for a line end). One per comment.
"""

import dataclasses
import re
import shlex

PREFIXES = ("kibitz ", "build/tools/kibitz ", "./build/tools/kibitz ")
ANNOTATION = re.compile(r"^<!--\s*doc-test:\s*(.*?)\s*-->\s*$")
# A placeholder: an upper-case word (SPEC, FILE, N), perhaps with an
# extension (OUT.html) or a trailing '...' (LABEL,LABEL,...).
PLACEHOLDER = re.compile(r"^[A-Z][A-Z0-9_]*(\.[a-z]+)?$")


@dataclasses.dataclass
class Example:
    path: str            # the doc, relative to the source dir
    line: int            # 1-based line of the command's first line
    text: str            # the command as the doc writes it
    kind: str = "run"    # run | synopsis
    expect_exit: int | None = 0      # None: any non-zero status
    expect_error: str = ""           # an error line the doc shows for it
    skip: str = ""                   # the annotation's reason, if skipped
    until: str = ""                  # run until the output shows this
    stdin: str = ""
    substitutions: list = dataclasses.field(default_factory=list)

    def where(self):
        return f"{self.path}:{self.line}"


@dataclasses.dataclass
class Annotations:
    """The doc-test comments above one block or paragraph."""
    line: int = 0
    substitutions: list = dataclasses.field(default_factory=list)
    skips: list = dataclasses.field(default_factory=list)  # (text, reason)
    expect_exit: int | None = None
    until: str = ""
    stdin: str = ""
    used: set = dataclasses.field(default_factory=set)

    def empty(self):
        return not (self.substitutions or self.skips or self.expect_exit is not None
                    or self.until or self.stdin)


class DocError(Exception):
    """A doc the runner cannot read as the rule says (a bad annotation)."""


def parse_annotation(body, notes, where):
    if "=>" in body:
        old, new = (part.strip() for part in body.split("=>", 1))
        if not old:
            raise DocError(f"{where}: substitution with nothing to replace: {body}")
        notes.substitutions.append((old, new))
        return
    key, sep, value = body.partition(": ")
    key, value = key.strip(), value.strip()
    known = key in ("skip", "exit", "until", "stdin") or key.startswith("skip when ")
    if not sep or not known or not value:
        raise DocError(f"{where}: unknown doc-test annotation: {body}")
    if key == "skip":
        notes.skips.append(("", value))
    elif key.startswith("skip when "):
        notes.skips.append((key[len("skip when "):].strip(), value))
    elif key == "exit":
        notes.expect_exit = int(value)
    elif key == "until":
        notes.until = value
    else:
        notes.stdin = value.replace("\\n", "\n")


def split_unquoted(text, pattern):
    """The text up to the first match of `pattern` outside quotes."""
    quote = ""
    for at, char in enumerate(text):
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif re.match(pattern, text[at:]):
            return text[:at]
    return text


def is_command(text):
    if text.startswith(PREFIXES):
        # `kibitz play: error: ...` is output, not a command.
        second = text.split()[1] if len(text.split()) > 1 else ""
        return not second.endswith(":")
    # A pipe into kibitz, not a diagram's '|' at the start of a line.
    return bool(re.match(r"[^|#].*[^|]\|\s*kibitz ", split_unquoted(text, r"\s#")))


def unquoted_words(text):
    """The command's words as the shell splits them (quotes removed)."""
    try:
        return shlex.split(text)
    except ValueError:  # an unbalanced quote: the doc's text as it is
        return text.split()


def is_synopsis(text):
    """Whether the command shows a form rather than an instance: it has a
    placeholder (quoted ones too: --agents 'A,random') or an ellipsis."""
    if any(word.endswith("...") for word in unquoted_words(text)):
        return True
    for piece in re.split(r"[\s\[\]()|,=:;'\"]+", text):
        piece = piece.rstrip(".")
        if piece and PLACEHOLDER.match(piece):
            return True
    return False


def names_a_flag(text):
    """Whether an inline span names one option of a command rather than
    shows a whole command: it has a single --option (`kibitz play --record`,
    `kibitz arena --on-bad-answer forfeit`, `kibitz train --help`)."""
    return sum(1 for word in unquoted_words(text) if word.startswith("--")) == 1


def clean(text):
    """The command without its description or comment, prefix made plain."""
    text = split_unquoted(text, r"\s{3,}|\s#")
    return text.strip()


def make_example(path, line, text, notes):
    text = clean(text)
    example = Example(path=path, line=line, text=text)
    if is_synopsis(text):
        example.kind = "synopsis"
        return example
    for when, reason in notes.skips:
        if when in text:
            example.skip = reason
            notes.used.add(when)
    example.until = notes.until
    example.stdin = notes.stdin
    if notes.expect_exit is not None:
        example.expect_exit = notes.expect_exit
    for old, new in notes.substitutions:
        if old in example.text:
            example.substitutions.append((old, new))
            notes.used.add(old)
    return example


@dataclasses.dataclass
class Unit:
    """A code block or a prose paragraph: (line number, text) pairs."""
    code: bool
    lines: list
    notes: Annotations


def units(text, path):
    """The page cut into code blocks and paragraphs, each with the
    doc-test comments written right above it."""
    found, pending, current = [], Annotations(), None
    fence = None
    previous_blank = True
    for number, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        if fence is not None:
            if stripped.startswith(fence):
                fence = None
                current = None
            else:
                current.lines.append((number, line))
            continue
        match = ANNOTATION.match(line)
        if match:
            pending.line = pending.line or number
            parse_annotation(match.group(1), pending, f"{path}:{number}")
            current = None
            previous_blank = True  # an indented block may follow at once
            continue
        if stripped.startswith("```"):
            fence = stripped[:3]
            current = Unit(True, [], pending)
        elif not stripped:
            current = None if current is None or not current.code else current
            previous_blank = True
            continue
        elif line.startswith(("    ", "\t")) and (previous_blank or (current and current.code)):
            if current is None or not current.code:
                current = Unit(True, [], pending)
            else:
                current.lines.append((number, line))
                previous_blank = False
                continue
            current.lines.append((number, line))
        elif current is None or current.code:
            current = Unit(False, [(number, line)], pending)
        else:
            current.lines.append((number, line))
            previous_blank = False
            continue
        found.append(current)
        pending = Annotations()
        previous_blank = False
    if not pending.empty():
        raise DocError(f"{path}:{pending.line}: a doc-test annotation with no block after it")
    return found


def code_examples(unit, path):
    lines = [(n, line.strip()) for n, line in unit.lines]
    prompted = any(line.startswith("$ ") for _, line in lines)
    examples, at = [], 0
    while at < len(lines):
        number, line = lines[at]
        at += 1
        if prompted:
            if not line.startswith("$ "):
                continue
            line = line[2:]
        if not is_command(line):
            continue
        while line.endswith("\\") and at < len(lines):
            line = line[:-1].rstrip() + " " + lines[at][1]
            at += 1
        example = make_example(path, number, line, unit.notes)
        if prompted and at < len(lines):
            shown = re.match(r"kibitz [\w-]+( [\w-]+)?: error: .*", lines[at][1])
            if shown and example.kind == "run":
                example.expect_exit = None if unit.notes.expect_exit is None else example.expect_exit
                example.expect_error = shown.group(0)
        examples.append(example)
    return examples


def prose_examples(unit, path):
    text = "\n".join(line for _, line in unit.lines)
    first = unit.lines[0][0]
    examples = []
    for match in re.finditer(r"(?<!`)`([^`]+)`(?!`)", text):
        span = " ".join(match.group(1).split())
        if not span.startswith(PREFIXES) or " --" not in span:
            continue
        number = first + text.count("\n", 0, match.start())
        example = make_example(path, number, span, unit.notes)
        if names_a_flag(example.text):
            example.kind = "synopsis"
        examples.append(example)
    return examples


def find_examples(text, path):
    """Every example command of one page, in the page's order."""
    examples = []
    for unit in units(text, path):
        found = code_examples(unit, path) if unit.code else prose_examples(unit, path)
        notes = unit.notes
        if not notes.empty() and not found:
            raise DocError(f"{path}:{notes.line}: a doc-test annotation above no command")
        for old in [old for old, _ in notes.substitutions] + [when for when, _ in notes.skips]:
            if old not in notes.used:
                raise DocError(f"{path}:{notes.line}: '{old}' is in none of the commands below the annotation")
        examples.extend(found)
    return examples
