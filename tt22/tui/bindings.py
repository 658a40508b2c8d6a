"""Key bindings whose descriptions are catalogue keys, translated per screen instance
(Textual builds bindings per class; the language is chosen at run time)."""

from __future__ import annotations

import dataclasses

from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode

from tt22.tui.i18n import CATALOGUE, t

__all__ = ["translate_bindings"]

_SOURCE = "_tt22_untranslated_bindings"


def translate_bindings(node: DOMNode) -> None:
    """Give `node` its bindings with descriptions in the current language. The first
    call keeps the untranslated map (including bindings Textual adds at run time, such
    as the App's ctrl+p) so a later language change translates from the keys again."""
    source: BindingsMap | None = getattr(node, _SOURCE, None)
    if source is None:
        source = node._bindings.copy()
        setattr(node, _SOURCE, source)
    keys: dict[str, list[Binding]] = {}
    for key, bindings in source.key_to_bindings.items():
        keys[key] = [
            dataclasses.replace(
                b,
                description=t(b.description) if b.description in CATALOGUE else b.description,
                tooltip=t(b.tooltip) if b.tooltip in CATALOGUE else b.tooltip,
            )
            for b in bindings
        ]
    node._bindings = BindingsMap.from_keys(keys)
