"""The help's pages: every game's rules and keys, found through the registry (each
game's interface description gives its pages as data: tt22.tui.summary.data.HelpPage),
and the help's Markdown made from that data (`page_source`) for the one help screen.

No game is named here: a game's pages come with its registry entry's `screens`, so a
game from outside tt22 has its page in the help's chooser like any other.
"""

from __future__ import annotations

import re
from typing import Any

from tt22.core.registry import entries
from tt22.tui.i18n import add_section, get_language, t
from tt22.tui.summary import screens_of
from tt22.tui.summary.data import HelpPage, HelpSection, KeyWords

__all__ = [
    "SHARED_KEYS",
    "help_markdown",
    "key_section",
    "markdown_sections",
    "page_help",
    "page_markdown",
    "page_name",
    "page_of",
    "page_source",
    "pages",
]

add_section(
    "help.",
    {
        "pages": ("Rules of:", "규칙:", "ルール:"),
        "key.game": ("Game", "게임", "ゲーム"),
        "col.key": ("key", "키", "キー"),
        "col.what": ("what it does", "하는 일", "働き"),
        "page.twentytwo": ("22", "22", "22"),
        "page.rook": ("Rook", "루크", "ルック"),
        "page.rummy": ("Rummy", "러미", "ラミー"),
        "page.gin": ("Gin Rummy", "진 러미", "ジン・ラミー"),
        "page.oklahoma": ("Oklahoma Gin", "오클라호마 진", "オクラホマ・ジン"),
    },
)


SHARED_KEYS: dict[str, KeyWords] = {
    "help": KeyWords(
        ("question_mark",),
        ("?", "this help"),
        ("?", "이 도움말"),
        ("?", "このヘルプ"),
    ),
    "resign": KeyWords(
        ("x",),
        ("x", "resign the game (asks first; the record is kept)"),
        ("x", "기권(먼저 묻습니다. 기록은 남습니다)"),
        ("x", "投了(確認あり。記録は残ります)"),
    ),
    "home": KeyWords(
        ("q",),
        ("q", "back to the home screen (the game is saved)"),
        ("q", "홈 화면으로(게임은 저장됩니다)"),
        ("q", "ホーム画面へ(ゲームは保存されます)"),
    ),
    "undo": KeyWords(
        ("u",),
        ("u", "undo: take back your last move and the bots' replies (one player against bots)"),
        ("u", "무르기: 내 마지막 수와 봇의 응수를 되돌립니다(봇과 혼자 둘 때)"),
        ("u", "待った: 自分の最後の手とボットの応手を戻します(ボットとの一人対局)"),
    ),
    "hint": KeyWords(
        ("i",),
        ("i", "a hint: what the strongest bot would do from your cards, chosen in your hand"),
        ("i", "힌트: 가장 강한 봇이 내 카드로 둘 수. 패에서 골라 줍니다"),
        ("i", "ヒント: 最も強いボットが自分の札で指す手を、手札の上で示します"),
    ),
}
"""The table keys every game's table binds alike (tt22.tui.screens.game_table), as
every game's help lists them: `SHARED_KEYS["undo"]` in a game's key table."""


def _owners() -> dict[str, tuple[str, str, str]]:
    """Every help page, in the registry's order: its game, the page's id within the
    game ("" for the game's own, called by the game's name) and its chooser name."""
    found: dict[str, tuple[str, str, str]] = {}
    for game in entries():
        if game.screens:
            for page, name in screens_of(game.name).help_pages():
                found.setdefault(page or game.name, (game.name, page, name))
    return found


def pages() -> tuple[str, ...]:
    """Every game's help pages, the default game's first (Gin gives two: Oklahoma Gin
    is Gin with `knock_limit = upcard`, G9, and a new player looks for it by name)."""
    return tuple(_owners())


def __getattr__(name: str) -> Any:
    """`PAGES`, every page (`pages()`), read when asked: a game registered later has its
    page too."""
    if name == "PAGES":
        return pages()
    raise AttributeError(name)


def page_name(page: str) -> str:
    """A page's game as the help's chooser names it, in the current language."""
    owner = _owners().get(page)
    return owner[2] if owner is not None else page


def page_of(game: str, rules: Any = None) -> str:
    """The page of a match of `game` under `rules` (Gin with the upcard's knock limit
    is Oklahoma's); the first page for a game that has none."""
    try:
        return screens_of(game).page_of(rules) or game
    except LookupError:
        return pages()[0]


def page_help(page: str, rules: Any = None, ascii_style: bool = False) -> HelpPage:
    """Page `page` as its game gives it, in the current language."""
    owners = _owners()
    game, own, _name = owners.get(page) or owners[pages()[0]]
    return screens_of(game).help_page(own, rules, ascii_style)


def page_markdown(page: str, rules: Any = None, ascii_style: bool = False) -> str:
    """The help's text of `page`, with the options of `rules` where the page lists
    them (a match in play), cards drawn in the ASCII style when `ascii_style`."""
    return page_source(page_help(page, rules, ascii_style))


def help_markdown() -> str:
    """The first page's text (the default game's)."""
    return page_markdown(pages()[0])


def page_source(page: HelpPage) -> str:
    """A page as the help's Markdown: its title, then each section's heading, text,
    key table (its columns in the help's own words, the same for every game) and the
    note under it."""
    parts = [f"# {page.title}\n"]
    for section in page.sections:
        lines = []
        if section.heading:
            lines.append(f"## {section.heading}")
        if section.body:
            lines.append(section.body.strip("\n"))
        if section.keys:
            if section.body:
                lines.append("")
            lines.append(f"| {t('help.col.key')} | {t('help.col.what')} |")
            lines.append("| --- | --- |")
            lines += [f"| {row.label} | {row.what} |" for row in section.keys]
        if section.after:
            lines += ["", section.after.strip("\n")]
        parts.append("\n".join(lines) + "\n")
    return "\n".join(parts)


def markdown_sections(source: str) -> tuple[str, tuple[HelpSection, ...]]:
    """A game's rules written as Markdown (`# title`, then `## ` sections) as its title
    and its sections, so the prose of a page stays readable where it is written."""
    title, _, rest = source.lstrip().partition("\n")
    sections = []
    for chunk in re.split(r"^## ", "\n" + rest, flags=re.MULTILINE):
        if not chunk.strip():
            continue
        if chunk.startswith("\n"):  # (the text before the first heading)
            sections.append(HelpSection("", chunk.strip("\n")))
            continue
        heading, _, body = chunk.partition("\n")
        sections.append(HelpSection(heading.strip(), body.strip("\n")))
    return title.removeprefix("# ").strip(), tuple(sections)


def key_section(
    heading: str,
    keys: tuple[KeyWords, ...],
    after: str = "",
    *,
    body: str = "",
    of_table: bool = False,
) -> HelpSection:
    """A section of keys in the current language (`of_table`: the table's own, each of
    which the table binds)."""
    language = get_language()
    rows = tuple(k.row(language) for k in keys)
    return HelpSection(heading, body, rows, after, of_table)
