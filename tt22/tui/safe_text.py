"""The one way outside text reaches the screen: as plain `Text`, never as markup.

Names, seeds, comments, file paths, record fields and exception messages come from
strangers. Textual parses a `str` handed to `notify`, `Static`, `Label`, `Button` or a
border title as markup, so `[/]` in a record's generator crashed the picker and
`[@click=app.quit]` became a live link. Everything that may carry such text goes
through `plain` (a `rich.text.Text`, which is never parsed) or `say` (a notification
with markup off); control characters are spelled out by `tt22.core.safe.printable` so no
escape sequence reaches the terminal. Translated messages go through here whole: the
catalogues hold no markup, so a template renders the same as plain text.
"""

from __future__ import annotations

from typing import Literal, Protocol

from rich.text import Text

from tt22.core.safe import printable

__all__ = ["MAX_MESSAGE", "plain", "plain_str", "say"]

MAX_MESSAGE = 2000
"""The most characters of one line shown; more is cut with an ellipsis."""

Severity = Literal["information", "warning", "error"]


class _Notifier(Protocol):
    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: Severity = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None: ...


def plain_str(text: str, limit: int = MAX_MESSAGE) -> str:
    """`text` with every control character escaped, line by line: the line breaks of a
    message survive, an escape sequence or a bidi override does not."""
    return "\n".join(printable(line, limit) for line in text.split("\n"))


def plain(
    text: str,
    style: str = "",
    *,
    limit: int = MAX_MESSAGE,
    justify: Literal["default", "left", "center", "right", "full"] | None = None,
) -> Text:
    """`text` as a `Text` shown literally (brackets and all), control characters escaped."""
    return Text(plain_str(text, limit), style=style, justify=justify)


def say(
    target: _Notifier,
    message: str,
    *,
    severity: Severity = "information",
    timeout: float | None = None,
) -> None:
    """`target.notify(message)` with markup off and control characters escaped."""
    target.notify(plain_str(message), severity=severity, timeout=timeout, markup=False)
