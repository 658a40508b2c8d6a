"""Key bindings whose descriptions are catalogue keys, translated per screen instance
(Textual builds bindings per class; the language is chosen at run time).

One translation for every screen: the play app's, the replayers' (whose own words sit
in the catalogue under a section, "replay."), and the served ones'. A node's bindings
are read and replaced through tt22.tui.hooks (Textual has no public way to)."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping

from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode

from tt22.tui.hooks import bindings_of, replace_bindings
from tt22.tui.i18n import CATALOGUE, t

__all__ = ["translate_bindings", "translated_bindings"]

_SOURCE = "_tt22_untranslated_bindings"


def _word(text: str, section: str) -> str:
    """`text` in the current language when it is a catalogue key (first as a key of
    `section`, then of the whole catalogue), else `text` as it is."""
    if section and section + text in CATALOGUE:
        return t(section + text)
    if text in CATALOGUE:
        return t(text)
    return text


def translated_bindings(
    bindings: BindingsMap,
    *,
    section: str = "",
    groups: Mapping[str, str] | None = None,
    hide: Collection[str] = (),
) -> BindingsMap:
    """`bindings` with descriptions, tooltips and footer group names that are catalogue
    keys (of `section`, such as "replay.", first) put into the current language;
    `groups` first swaps some group names for others (the move list's own meaning of
    the same keys), and the actions in `hide` are left out of the footer (the keys
    still work)."""

    def group(g: Binding.Group | None) -> Binding.Group | None:
        if g is None:
            return None
        name = (groups or {}).get(g.description, g.description)
        return dataclasses.replace(g, description=_word(name, section))

    keys: dict[str, list[Binding]] = {}
    for key, found in bindings.key_to_bindings.items():
        keys[key] = [
            dataclasses.replace(
                b,
                description=_word(b.description, section),
                tooltip=_word(b.tooltip, section),
                group=group(b.group),
                show=b.show and b.action not in hide,
            )
            for b in found
        ]
    return BindingsMap.from_keys(keys)


def translate_bindings(node: DOMNode, section: str | None = None) -> None:
    """Give `node` its bindings with descriptions in the current language. The first
    call keeps the untranslated map (including bindings Textual adds at run time, such
    as the App's ctrl+p) and `section` (default none) so a later language change
    translates from the keys again, in the same section."""
    kept: tuple[BindingsMap, str] | None = getattr(node, _SOURCE, None)
    if kept is None:
        kept = (bindings_of(node).copy(), section or "")
        setattr(node, _SOURCE, kept)
    source, first_section = kept
    replace_bindings(
        node, translated_bindings(source, section=first_section if section is None else section)
    )
