"""README.md and docs/*.md point only at files of this repository.

A player who clones tt22 has the repository and nothing beside it: README and docs once
linked `../shared/ROOK.md`, `../shared/RUMMY.md` and `../shared/TRANSCRIPT.md`, files of
the team's own folder that a clone does not have. Every markdown link (`[a](b)`,
`![a](b)`, `[a]: b`) and every bare path that reads as a file reference (`../x/y.md`,
`docs/x.md`, `tests/test_x.py`, `ROOK.md`) must name a file of the repository.
"""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import PurePosixPath

import pytest
from paths import ROOT

EXTENSIONS = "md|py|json|toml|22rec|svg|tcss|txt|yml|yaml|cfg|sh|css|html"
_LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_REFERENCE = re.compile(r"^\s*\[[^\]\n]+\]:\s*<?(\S+?)>?(?:\s|$)", re.MULTILINE)
# A path as prose writes one: dot-dot or path parts joined by `/`, ending in a file name
# with one of the extensions above; not part of a longer word, a URL or a module name.
_PATH = re.compile(
    r"(?<![\w/.:@-])((?:\.{1,2}/)*(?:[\w*.+-]+/)*[\w*+-][\w*.+-]*\.(?:" + EXTENSIONS + r"))"
    r"(?![\w/-])"
)
_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://\S+|\bmailto:\S+")


@cache
def repository_files() -> frozenset[str]:
    """Every file of the repository as a path from its root: what git tracks, and what it
    would add (new, not ignored); without git, every file under the root but caches."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout.decode()
        files = {f for f in listed.split("\0") if f and (ROOT / f).is_file()}
        if files:
            return frozenset(files)
    except (OSError, subprocess.CalledProcessError):
        pass
    skip = {".git", ".venv", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
    return frozenset(
        p.relative_to(ROOT).as_posix()
        for p in ROOT.rglob("*")
        if p.is_file() and not skip & set(p.relative_to(ROOT).parts)
    )


def _inside(base: PurePosixPath, target: str) -> str | None:
    """`target` from the folder `base` as a path from the root, None outside the root."""
    parts: list[str] = list(base.parts)
    for part in PurePosixPath(target).parts:
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def resolves(doc: str, target: str, files: frozenset[str], *, bare: bool) -> bool:
    """Whether `target`, written in `doc` (a path from the root), names a file of the
    repository. A link resolves from the doc's folder, as a markdown viewer does. A bare
    path in prose may also be written from the root (`docs/seeds.md`) or from a folder
    the text has named (`widgets/cards.py` for tt22/tui/widgets/cards.py), and a bare
    name (`seeds.md`) may be any file of that name; dot-dot always counts from the doc."""
    target = target.split("#", 1)[0].split("?", 1)[0]
    if not target:
        return True  # an anchor in the same file
    folders = [PurePosixPath(doc).parent]
    if bare and not target.startswith("."):
        folders.append(PurePosixPath(""))
    for folder in folders:
        path = _inside(folder, target)
        if path is not None and (path in files or any(f.startswith(path + "/") for f in files)):
            return True
    if bare and not target.startswith("."):
        return any(f == target or f.endswith("/" + target) for f in files)
    return False


def references(text: str) -> list[tuple[str, bool]]:
    """Every (target, bare) of a markdown text: its links, then its bare file paths.
    Not file references: URLs, globs (`bench_*.py`), and a bare name with no folder
    unless it is a doc or a module (`seeds.md`, `cards.py`): `FILE.22rec` in a command
    is the reader's file."""
    found: list[tuple[str, bool]] = []
    for m in _LINK.finditer(text):
        found.append((m.group(1), False))
    for m in _REFERENCE.finditer(text):
        found.append((m.group(1), False))
    found = [(t, b) for t, b in found if not _URL.fullmatch(t) and not t.startswith("mailto:")]
    prose = _URL.sub(" ", _REFERENCE.sub(" ", _LINK.sub(" ", text)))
    for m in _PATH.finditer(prose):
        token = m.group(1)
        if "*" in token:
            continue
        if "/" not in token and not token.endswith((".md", ".py")):
            continue  # `FILE.22rec`, `UnicodeData.txt`: a name in an example, not ours
        found.append((token, True))
    return found


def broken(doc: str, text: str, files: frozenset[str]) -> list[str]:
    """The references of `text` (written in `doc`) that name no file of the repository."""
    return [t for t, bare in references(text) if not resolves(doc, t, files, bare=bare)]


DOCS = sorted(
    ["README.md", *(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))]
)


@pytest.mark.parametrize("doc", DOCS)
def test_docs_link_only_files_of_the_repository(doc: str) -> None:
    bad = broken(doc, (ROOT / doc).read_text(encoding="utf-8"), repository_files())
    assert not bad, f"{doc} points at files a clone does not have: {bad}"


def test_the_link_check_catches_what_a_clone_does_not_have() -> None:
    """The checker itself, on a made-up doc, so it cannot pass by finding nothing."""
    files = frozenset({"README.md", "docs/seeds.md", "docs/rook.md", "tt22/tui/widgets/cards.py"})
    text = """\
The rules are in [the rulebook](../shared/ROOK.md) and `../shared/RUMMY.md`; see
[seeds](seeds.md#3-the-key), [rook](rook.md), ![a](img/none.svg) and docs/seeds.md,
`widgets/cards.py`, ROOK.md, docs/gone.md, https://example.org/x/y.md, bench_*.py,
`tt22 replay FILE.22rec` and [home](../README.md).

[ref]: ../../outside.md
"""
    assert broken("docs/x.md", text, files) == [
        "../shared/ROOK.md",
        "img/none.svg",
        "../../outside.md",
        "../shared/RUMMY.md",
        "ROOK.md",
        "docs/gone.md",
    ]
    assert broken("README.md", "[r](docs/rook.md) and [n](rook.md)", files) == ["rook.md"]


@pytest.mark.parametrize(
    ("doc", "rules", "games"),
    [
        ("docs/rules.md", [f"R{n}" for n in range(1, 24)], ["twentytwo"]),
        ("docs/rook.md", [f"K{n}" for n in range(1, 24)], ["rook"]),
        (
            "docs/rummy.md",
            [f"M{n}" for n in range(1, 11)]
            + [f"G{n}" for n in range(1, 10)]
            + [f"F{n}" for n in range(1, 10)]
            + [f"P{n}" for n in range(1, 9)]
            + [f"X{n}" for n in range(1, 10)],
            ["rummy", "gin", "rum500", "persian", "manipulation"],
        ),
    ],
)
def test_every_game_has_its_numbered_rulebook_in_docs(
    doc: str, rules: list[str], games: list[str]
) -> None:
    """Each game tt22 plays has its rulebook in the repository, every rule once under its
    number, and every option the game takes named there with the rule it belongs to."""
    from tt22.core.registry import get_game

    text = (ROOT / doc).read_text(encoding="utf-8")
    headed = re.findall(r"^- \*\*([A-Z]\d+)\b", text, flags=re.MULTILINE)
    assert headed == rules, f"{doc}: rules in order {headed}"
    for name in games:
        for option in get_game(name).options:
            assert f"`{option.name}" in text, (doc, option.name)
            assert option.rule in rules, (doc, option.name, option.rule)
