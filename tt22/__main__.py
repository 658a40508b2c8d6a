"""`python -m tt22`."""

from tt22.cli import entry

entry()
