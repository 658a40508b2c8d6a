"""Textual's and Rich's private API, where tt22 leans on it: only in tt22/tui/hooks.py
(the interface) and tt22/serve/render (the server's bytes), and each private name
those use still there with the shape they use.

A Textual or Rich release may rename or reshape anything whose name starts with `_`.
Each hook has a test here that fails when the name it uses is gone or changed, so an
upgrade fails here first, naming the hook, and not as a garbled screen or a server that
sends too much; pyproject.toml pins Textual to the releases these pass on
(`test_the_pinned_range_is_the_one_installed`). Two scans keep every other module off
private names: the source (`ast`: imports of `textual._x` / `rich._x` and a list of
Textual's private attribute names), and the classes (no tt22 class outside the hooks
overrides a private method of a Textual or Rich base).

Run as a script (`PYTHONPATH=tests/kits python tests/core/test_textual_hooks.py`) it
prints every private touch outside the hooks, one per line, and their count.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import os
import subprocess
import sys
import tempfile
import tomllib
from functools import cache
from importlib.metadata import version
from pathlib import Path
from typing import Any, ClassVar

import pytest
from paths import ROOT

PACKAGE = ROOT / "tt22"

ALLOWED = ("tt22/tui/hooks.py", "tt22/serve/render/")
"""Where a private Textual or Rich name may be used (each use documented there)."""

PRIVATE_NAMES = frozenset(
    {
        # App
        "_background_screens",
        "_batch_count",
        "_closed",
        "_display",
        "_driver",
        "_exception",
        "_filters",
        "_previous_cursor_position",
        "_replace_screen",
        "_running",
        # DOMNode, Screen, Widget
        "_bindings",
        "_compositor",
        "_compositor_refresh",
        "_dirty_widgets",
        "_layout_required",
        "_layout_widgets",
        "_on_layout",
        "_on_resize",
        "_on_screen_resume",
        "_on_update",
        "_refresh_layout",
        "_repaint_required",
        # the compositor, the driver and its parser
        "_app",
        "_dirty_regions",
        "_timeout_time",
        # Rich
        "_color_system",
        "_link",
        "_link_id",
    }
)
"""Private attribute names of Textual's and Rich's objects that tt22 has used. Read,
written or defined (an override) anywhere outside `ALLOWED`, each is a finding."""

GENERATED = ("_abc_impl", "_is_protocol", "_default_")
"""Names Python or Textual puts in every subclass's namespace itself (ABCs, protocols,
a reactive's default), not overrides tt22 wrote; Textual's per-class ones are below."""


# ---------------------------------------------------------------------- the scans
def _allowed(rel: str) -> bool:
    return rel.startswith(ALLOWED)


def _sources() -> list[Path]:
    files = [p for p in sorted(PACKAGE.rglob("*.py")) if "samples" not in p.parts]
    assert files, PACKAGE
    return files


def _private_module(module: str) -> bool:
    parts = module.split(".")
    return parts[0] in ("textual", "rich") and any(p.startswith("_") for p in parts)


def private_touches(path: Path) -> list[str]:
    """Every use of a private Textual or Rich name in `path`: an import from a private
    module (or of a private name from a public one), and a read, write or definition
    of one of `PRIVATE_NAMES`; as 'file:line: what'."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    rel = path.relative_to(ROOT).as_posix()
    found: list[str] = []
    for node in ast.walk(tree):
        what = None
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [a.name for a in node.names]
            top = node.module.split(".")[0]
            if _private_module(node.module) or (
                top in ("textual", "rich") and any(n.startswith("_") for n in names)
            ):
                what = f"from {node.module} import {', '.join(names)}"
        elif isinstance(node, ast.Import):
            hidden = [a.name for a in node.names if _private_module(a.name)]
            if hidden:
                what = f"import {', '.join(hidden)}"
        elif isinstance(node, ast.Attribute) and node.attr in PRIVATE_NAMES:
            what = f".{node.attr}"
        elif (  # getattr(app, "_driver"), hasattr, setattr: the same touch by its name
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "hasattr", "setattr", "delattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value in PRIVATE_NAMES
        ):
            what = f"{node.func.id}(..., {node.args[1].value!r})"
        elif (
            isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in PRIVATE_NAMES
        ):
            what = f"def {node.name}"
        if what is not None:
            found.append(f"{rel}:{node.lineno}: {what}")
    return sorted(found, key=lambda f: int(f.split(":")[1]))


def touches_outside_the_hooks() -> list[str]:
    return [
        touch
        for path in _sources()
        if not _allowed(path.relative_to(ROOT).as_posix())
        for touch in private_touches(path)
    ]


def test_no_module_outside_the_hooks_touches_a_private_textual_or_rich_name() -> None:
    """tt22/tui/hooks.py and tt22/serve/render hold every use of Textual's and Rich's
    private API; anywhere else, go through a hook there (or add one, with its reason
    and its test below)."""
    assert touches_outside_the_hooks() == []


def test_the_scan_finds_what_it_looks_for() -> None:
    """(The scan itself: each kind of touch is found, in the hooks' own files.)"""
    hooks = "\n".join(private_touches(PACKAGE / "tui" / "hooks.py"))
    display = "\n".join(private_touches(PACKAGE / "serve" / "render" / "display.py"))
    assert "from rich._ratio import ratio_distribute" in hooks
    assert "from textual import _time, messages" in hooks
    assert "._bindings" in hooks and "def _refresh_layout" in hooks
    assert "getattr(..., '_exception')" in hooks and "getattr(..., '_driver')" in hooks
    assert "from textual._compositor import ChopsUpdate, LayoutUpdate" in display
    assert "def _display" in display and "._batch_count" in display


def _modules() -> list[str]:
    names = []
    for path in _sources():
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__main__":
            continue  # (it runs the command line)
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(parts))
    return names


TEXTUALS_OWN = {
    "_computes",
    "_css_type_name",
    "_css_type_names",
    "_decorated_handlers",
    "_inherit_bindings",
    "_inherit_component_classes",
    "_inherit_css",
    "_merged_bindings",
    "_reactives",
}
"""What Textual's `DOMNode.__init_subclass__` and `MessagePump`'s metaclass set in
every subclass's namespace."""


def test_no_class_outside_the_hooks_overrides_a_private_textual_method() -> None:
    """A tt22 class that defines a name Textual's (or Rich's) base class defines as
    private overrides Textual's internals (as `_on_resize`, `_display` or
    `_compositor_refresh` did): only the hooks' mixins may."""
    found = []
    for name in _modules():
        module = importlib.import_module(name)
        rel = Path(inspect.getfile(module)).relative_to(ROOT).as_posix()
        if _allowed(rel):
            continue
        for cls in vars(module).values():
            if not inspect.isclass(cls) or cls.__module__ != name:
                continue
            bases = [
                b for b in cls.__mro__[1:] if b.__module__.split(".")[0] in ("textual", "rich")
            ]
            for attr in cls.__dict__:
                if not attr.startswith("_") or attr.startswith("__"):
                    continue
                if attr in TEXTUALS_OWN or attr.startswith(GENERATED):
                    continue
                owner = next((b for b in bases if attr in b.__dict__), None)
                if owner is not None:
                    found.append(
                        f"{name}.{cls.__name__}.{attr} ({owner.__module__}.{owner.__name__})"
                    )
    assert found == []


# ---------------------------------------------------------------------- the pin
def _range(requirement: str) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    """'textual>=8.2.8,<8.3' -> ('textual', (8, 2, 8), (8, 3))."""
    name, _, spec = requirement.partition(">=")
    low, _, high = spec.partition(",<")

    def parse(v: str) -> tuple[int, ...]:
        return tuple(int(p) for p in v.strip().split("."))

    return name.strip(), parse(low), parse(high)


def test_the_pinned_range_is_the_one_installed() -> None:
    """pyproject.toml allows only the Textual (and Rich) minor release these tests pass
    on: a wider range would let an install pick a release whose private names nobody
    checked. Widen it only after this module passes on the new release."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pins = {}
    for requirement in project["project"]["dependencies"]:
        if requirement.startswith(("textual", "rich")):
            name, low, high = _range(requirement)
            pins[name] = (low, high)
    assert set(pins) == {"textual", "rich"}
    for name, (low, high) in pins.items():
        installed = tuple(int(p) for p in version(name).split(".")[:3])
        assert low <= installed < high, (name, installed, low, high)
        assert len(high) == 2 and high == (low[0], low[1] + 1), (name, low, high)


# ---------------------------------------------------------------------- a clean process
_CLEAN = """
import json, sys, importlib
for name in sys.argv[1:]:
    importlib.import_module(name)
from rich.segment import Segment
from textual._styles_cache import StylesCache
from textual.strip import Strip
from tt22.serve.render.heap import installed_patches
from tt22.tui.app import StartOptions, TT22App

TT22App(StartOptions(language="en"))
strip = Strip([Segment("abc"), Segment("de")])
held = sys.getrefcount(strip)
whole = strip.crop_extend(0, 5, None) is strip and strip.divide([5]) == [strip]
print(json.dumps({
    "patches": installed_patches(),
    "strip_holds_itself": whole and sys.getrefcount(strip) > held,
    "inner_outer_is_lru_cache": hasattr(StylesCache.get_inner_outer, "cache_info"),
    "inner_outer_wraps": hasattr(StylesCache.get_inner_outer, "__wrapped__"),
    "inner_outer_args": list(
        __import__("inspect").signature(StylesCache.get_inner_outer.__wrapped__).parameters
    ),
}))
"""


@cache
def clean_process() -> dict[str, Any]:
    """Facts from a process that imported every tt22 module (but the entry point) and
    made the local app: Textual as the local app has it, unpatched."""
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "TT22_HOME": home}
        env.pop("NO_COLOR", None)
        done = subprocess.run(
            [sys.executable, "-c", _CLEAN, *_modules()],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=ROOT,
            env=env,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    facts: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return facts


# ---------------------------------------------------------------------- tt22/tui/hooks.py
async def test_hook_bindings_of_and_replace_bindings() -> None:
    """`DOMNode._bindings`: the map the app looks a key up in and the footer draws from;
    a map put there answers the keys, and the App's holds the palette's binding."""
    from textual.app import App
    from textual.binding import Binding, BindingsMap
    from textual.screen import Screen

    from tt22.tui.hooks import bindings_of, replace_bindings

    pressed: list[str] = []

    class Keys(Screen[None]):
        def action_mark(self, what: str) -> None:
            pressed.append(what)

    class KeysApp(App[None]):
        def on_mount(self) -> None:
            self.push_screen(Keys())

    app = KeysApp()
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(bindings_of(screen), BindingsMap)
        assert bindings_of(app).key_to_bindings.get(app.COMMAND_PALETTE_BINDING)
        mine = BindingsMap.from_keys({"x": [Binding("x", "mark('x')", "Mark")]})
        replace_bindings(screen, mine)
        screen.refresh_bindings()
        assert bindings_of(screen) is mine
        await pilot.press("x")
        await pilot.pause()
        assert pressed == ["x"]
        assert screen.active_bindings["x"].binding.description == "Mark"


async def test_hook_app_failure_and_app_driver() -> None:
    """`App._exception` and `App._driver`: no failure and no driver before the run; the
    driver while it runs; the handler's exception kept once it has ended the run
    (which `run_test` then raises, as `run_async` does not)."""
    from textual.app import App
    from textual.binding import BindingType
    from textual.driver import Driver

    from tt22.tui.hooks import app_driver, app_failure

    class Fails(App[None]):
        BINDINGS: ClassVar[list[BindingType]] = [("f", "fail", "Fail")]

        def action_fail(self) -> None:
            raise RuntimeError("the handler's own")

    app = Fails()
    assert app_failure(app) is None and app_driver(app) is None
    with pytest.raises(RuntimeError, match="the handler's own"):
        async with app.run_test(size=(40, 5)) as pilot:
            assert isinstance(app_driver(app), Driver)
            await pilot.press("f")  # (the binding's handler fails, inside the app)
            await pilot.pause()
    failure = app_failure(app)
    assert isinstance(failure, RuntimeError) and str(failure) == "the handler's own"


async def test_hook_compositor_size() -> None:
    """`Screen._compositor.size`: nothing before the first layout, then the size the
    screen was laid out at."""
    from textual.app import App
    from textual.geometry import Size
    from textual.screen import Screen

    from tt22.tui.hooks import compositor_size

    assert compositor_size(Screen()) == Size(0, 0)
    app: App[None] = App()
    async with app.run_test(size=(50, 12)) as pilot:
        await pilot.pause()
        assert compositor_size(app.screen) == Size(50, 12)


def test_hook_message_clock() -> None:
    """`textual._time.get_time`: the clock a message's `time` is read from."""
    from textual import _time
    from textual.message import Message

    from tt22.tui.hooks import message_clock

    assert "_time.get_time()" in inspect.getsource(Message.__post_init__)
    before = message_clock()
    message = Message()
    assert before <= message.time <= message_clock()
    assert _time.get_time is not None


async def test_hook_first_layout_is_last() -> None:
    """The names `FirstLayoutIsLast` reads, writes and overrides, with their shapes: the
    screen's layout step, the requests a layout leaves, the compositor's layers, and
    the handlers and times of the layout and update requests; a screen built on it
    opens and draws its widgets."""
    from textual import messages
    from textual.app import App, ComposeResult
    from textual.screen import Screen
    from textual.widget import Widget
    from textual.widgets import Static

    from tt22.tui.hooks import FirstLayoutIsLast

    assert list(inspect.signature(Screen._refresh_layout).parameters) == ["self", "size", "scroll"]
    for handler in (Screen._on_layout, Screen._on_update):
        assert inspect.iscoroutinefunction(handler)
        assert list(inspect.signature(handler).parameters) == ["self", "message"]
    annotation = inspect.signature(Screen._on_layout).parameters["message"].annotation
    assert "Layout" in str(annotation)
    widget = Widget()
    assert isinstance(widget._layout_required, bool)
    assert isinstance(widget._repaint_required, bool)
    screen = Screen()
    assert isinstance(screen._layout_widgets, dict)
    for message in (messages.Layout(widget), messages.Update(widget)):
        assert isinstance(message.time, float)

    class Once(FirstLayoutIsLast[None]):
        def compose(self) -> ComposeResult:
            yield Static("one", id="one")
            yield Static("two", id="two")

    class OnceApp(App[None]):
        def on_mount(self) -> None:
            self.push_screen(Once())

    app = OnceApp()
    async with app.run_test(size=(30, 6)) as pilot:
        await pilot.pause()
        once = app.screen
        assert isinstance(once, Once) and once._laid_out_at is not None
        placed = {w for w, _geometry in once._compositor.layers}
        assert {once.query_one("#one"), once.query_one("#two")} <= placed
        assert not once._layout_widgets
        lines = ["".join(s.text for s in strip) for strip in once._compositor.render_strips()]
        assert lines[0].startswith("one") and lines[1].startswith("two")


def test_hook_ratio_distribute() -> None:
    """`rich._ratio.ratio_distribute`: the seats' columns are Rich's table's."""
    from rich import _ratio

    from tt22.tui.hooks import ratio_distribute

    params = list(inspect.signature(_ratio.ratio_distribute).parameters)
    assert params == ["total", "ratios", "minimums"]
    assert ratio_distribute(10, [3, 2], [3, 2]) == [6, 4]
    for total in range(5, 200):
        assert ratio_distribute(total, [3, 2], [3, 2]) == _ratio.ratio_distribute(
            total, [3, 2], [3, 2]
        )


async def test_public_line_filters_and_handlers_do_what_the_hooks_did() -> None:
    """Where a public API replaced a private touch, what it relies on: every widget's
    lines pass through `App.get_line_filters` (the app's NO_COLOR and ASCII filters),
    and a public `on_resize` / `on_screen_resume` of a subclass runs before Textual's
    own private handler of the class below, which an event's `prevent_default` skips
    (`SettledScreen`, the app's too-small check)."""
    from rich.segment import Segment
    from textual import events
    from textual.app import App, ComposeResult
    from textual.color import Color
    from textual.filter import LineFilter
    from textual.geometry import Size
    from textual.screen import Screen
    from textual.widgets import Static

    class Shout(LineFilter):
        def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
            return [Segment(t.upper(), s, c) for t, s, c in segments]

    class Loud(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("quiet")

        def get_line_filters(self) -> list[LineFilter]:
            return [*super().get_line_filters(), Shout()]

    app = Loud()
    async with app.run_test(size=(20, 3)) as pilot:
        await pilot.pause()
        lines = ["".join(s.text for s in strip) for strip in app.screen._compositor.render_strips()]
        assert lines[0].startswith("QUIET")

    class Mine(Screen[None]):
        def on_resize(self, event: events.Resize) -> None:
            pass

        def on_screen_resume(self, event: events.ScreenResume) -> None:
            pass

    for handler, message in (
        ("on_resize", events.Resize(Size(1, 1), Size(1, 1))),
        ("on_screen_resume", events.ScreenResume()),
    ):
        order = [(cls, m.__name__) for cls, m in Mine()._get_dispatch_methods(handler, message)]
        assert order[0] == (Mine, handler)
        assert (Screen, "_" + handler) in order[1:]
    assert "refresh_styles" in inspect.getsource(Screen._on_screen_resume)


# ---------------------------------------------------------------------- tt22/serve/render
def test_render_hook_shadow_display() -> None:
    """`ShadowDisplay`: `App._display(screen, renderable)` writes a compositor update by
    its `render_segments` unless batching, not running or closed, and keeps the
    cursor's place; the compositor's updates and `render_update`; the app's driver and
    background screens."""
    from textual._compositor import ChopsUpdate, Compositor, CompositorUpdate, LayoutUpdate
    from textual.app import App

    assert list(inspect.signature(App._display).parameters) == ["self", "screen", "renderable"]
    source = inspect.getsource(App._display)
    for name in (
        "_batch_count",
        "_running",
        "_closed",
        "_driver",
        "_previous_cursor_position",
        "CompositorUpdate",
        "render_segments",
    ):
        assert name in source, name
    app: App[None] = App()
    assert app._driver is None and app._batch_count == 0
    assert app._running is False and app._closed is False
    assert isinstance(app._background_screens, list)
    assert issubclass(LayoutUpdate, CompositorUpdate) and issubclass(ChopsUpdate, CompositorUpdate)
    assert list(inspect.signature(LayoutUpdate).parameters) == ["strips", "region"]
    assert list(inspect.signature(ChopsUpdate).parameters) == ["chops", "spans", "chop_ends"]
    assert list(inspect.signature(Compositor.render_update).parameters)[:3] == [
        "self",
        "full",
        "screen_stack",
    ]
    assert hasattr(CompositorUpdate, "render_segments")


async def test_render_hook_closed_screens_freed() -> None:
    """`ClosedScreensFreed`: every pop of a screen goes through `App._replace_screen`."""
    from textual.app import App
    from textual.screen import Screen

    from tt22.serve.render.display import ClosedScreensFreed

    assert inspect.iscoroutinefunction(App._replace_screen)
    assert list(inspect.signature(App._replace_screen).parameters) == ["self", "screen"]
    replaced: list[Screen[Any]] = []

    class Counting(ClosedScreensFreed):
        async def _replace_screen(self, screen: Screen[Any]) -> Screen[Any]:
            replaced.append(screen)
            return await super()._replace_screen(screen)

    app = Counting()
    async with app.run_test(size=(20, 4)) as pilot:
        first, second = Screen[None](), Screen[None]()
        await app.push_screen(first)
        await app.push_screen(second)
        await app.pop_screen()
        await pilot.pause()
        await app.switch_screen(Screen[None]())
        await pilot.pause()
    assert replaced[:2] == [second, first]


async def test_render_hook_covered_waits() -> None:
    """`CoveredWaits`: `Screen._compositor_refresh` paints what the compositor's
    `_dirty_regions` and the screen's `_dirty_widgets` hold; a covered screen built on
    it keeps neither, and paints again once uncovered."""
    from textual.app import App, ComposeResult
    from textual.screen import ModalScreen, Screen
    from textual.widgets import Static

    from tt22.serve.render.display import CoveredWaits

    assert list(inspect.signature(Screen._compositor_refresh).parameters) == ["self"]
    source = inspect.getsource(Screen._compositor_refresh)
    assert "_dirty_regions" in source and "_dirty_widgets" in source
    assert isinstance(Screen()._dirty_widgets, set)
    assert isinstance(Screen()._compositor._dirty_regions, set)

    class Table(CoveredWaits):
        def compose(self) -> ComposeResult:
            yield Static("table", id="t")

    class Dialog(ModalScreen[None]):
        def compose(self) -> ComposeResult:
            yield Static("dialog")

    class Served(App[None]):
        def on_mount(self) -> None:
            self.push_screen(Table())

    app = Served()
    async with app.run_test(size=(20, 4)) as pilot:
        await pilot.pause()
        table = app.screen
        await app.push_screen(Dialog())
        await pilot.pause()
        table.query_one("#t", Static).update("moved")
        table.refresh()
        await pilot.pause()
        table._compositor_refresh()
        assert not table._dirty_widgets and not table._compositor._dirty_regions
        app.pop_screen()
        await pilot.pause()
        lines = ["".join(s.text for s in strip) for strip in table._compositor.render_strips()]
        assert lines[0].startswith("moved")


def test_render_hook_driver() -> None:
    """The channel driver: Textual's private xterm parser (`feed`, `tick`, its
    `terminal_size` and the `_timeout_time` of a lone Escape), the message clock,
    and `Driver._app`."""
    from textual import _time
    from textual._xterm_parser import XTermParser
    from textual.driver import Driver

    parser = XTermParser()
    assert parser._timeout_time is None
    keys = list(parser.feed("a\x1b[D"))
    assert [getattr(k, "key", None) for k in keys] == ["a", "left"]
    assert list(parser.feed("\x1b")) == []
    assert isinstance(parser._timeout_time, float)
    parser._timeout_time = _time.get_time()
    assert [getattr(k, "key", None) for k in parser.tick()] == ["escape"]
    parser.terminal_size = (80, 24)
    assert "self._app = app" in inspect.getsource(Driver.__init__)


def test_render_hook_shadow() -> None:
    """The shadow: Rich's `Style._link` / `_link_id` (a link's OSC 8), `Console.
    _color_system`, and Textual's `Strip.render_ansi` (a style's SGR for a system)."""
    from rich.color import ColorSystem
    from rich.console import Console
    from rich.style import Style
    from textual.strip import Strip

    linked = Style(link="https://example.org")
    assert linked._link == "https://example.org" and linked._link_id
    assert Style(bold=True)._link is None
    assert Console(color_system="256", force_terminal=True)._color_system == ColorSystem.EIGHT_BIT
    assert Console(color_system=None)._color_system is None
    assert Strip.render_ansi(Style(bold=True), ColorSystem.STANDARD) == "1"


def test_render_hook_strips_free_themselves() -> None:
    """`strips_free_themselves`: Textual's `Strip` still answers a whole `crop_extend`
    and a one-cut `divide` with itself and caches it (in the strip: the reason for the
    patch), and the methods it replaces keep their shape."""
    from textual.strip import Strip

    facts = clean_process()
    assert facts["strip_holds_itself"]
    strip_methods = ("crop_extend", "divide")
    assert list(inspect.signature(Strip.crop_extend).parameters) == [
        "self",
        "start",
        "end",
        "style",
    ]
    assert list(inspect.signature(Strip.divide).parameters) == ["self", "cuts"]
    assert all(callable(getattr(Strip, m)) for m in strip_methods)


def test_render_hook_styles_caches_let_go() -> None:
    """`styles_caches_let_go`: Textual's `StylesCache.get_inner_outer` is still an
    `lru_cache` on the method (keyed by the cache itself) over a body of two colours."""
    facts = clean_process()
    assert facts["inner_outer_is_lru_cache"] and facts["inner_outer_wraps"]
    assert facts["inner_outer_args"] == ["cls", "base_background", "background"]


def test_the_local_app_installs_no_patch_of_textual() -> None:
    """The heap's patches are the server's: importing every module of tt22 and making
    the local app leaves Textual as it is."""
    assert clean_process()["patches"] == []


if __name__ == "__main__":
    touches = touches_outside_the_hooks()
    print("\n".join(touches))
    print(f"{len(touches)} private touches on {len({t.rsplit(':', 1)[0] for t in touches})} lines")
