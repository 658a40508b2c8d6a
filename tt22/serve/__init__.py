"""`tt22 serve`: tables over SSH (docs/serve.md).

The package splits at the two boundaries that matter: `hub` and `table` hold the
authoritative tables and know nothing of SSH or Textual (seats get msgspec messages that
carry their own view, never the state); `ssh` and `render` (the driver, the shadow of
each terminal, the heap keeper: everything that leans on Textual's private API) carry
bytes between a channel and one Textual app per connection; `app` is that app (the
lobby and the seat's screen). Nothing here is imported by local play: asyncssh is an optional extra.
"""
