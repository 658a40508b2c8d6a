"""Key bindings whose descriptions are catalogue keys, translated per screen instance
(Textual builds bindings per class; the language is chosen at run time)."""

from __future__ import annotations

import dataclasses

from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode

from tt22.tui.i18n import CATALOGUE, t

__all__ = ["translate_bindings"]


def translate_bindings(node: DOMNode) -> None:
    merged = type(node)._merged_bindings
    source = merged.copy() if merged is not None else node._bindings
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
