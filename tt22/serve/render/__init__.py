"""The server's byte-level rendering: what goes down one SSH channel for a frame.

Everything here leans on Textual's private API, which is why it sits together (the
interface's own private touches are in tt22/tui/hooks.py):

- `driver`: a Textual driver for one channel, on Textual's private xterm parser;
- `shadow`: what each client's terminal shows, so a repaint sends only changed rows
  (Textual's private compositor updates, Rich's private link and colour system);
- `display`: the served app's and seat screens' mixins that put the shadow between
  Textual's compositor and the driver, leave a covered table unpainted, and tell the
  heap keeper when a screen closes (overrides of Textual's private `App._display`,
  `App._replace_screen` and `Screen._compositor_refresh`);
- `heap`: short collector pauses (`gc.freeze`) and two patches of Textual's caches
  that the server installs, never an import and never the local app.

`tests/core/test_textual_hooks.py` checks each private name used here against the installed
Textual and Rich (checked on Textual 8.2.8 and Rich 15.0.0); tt22/tui/wire.py's style
compressor, which the local app uses too, is public API only and stays with the
interface.
"""
