"""tt22: the card game Twenty-Two in the terminal."""

__version__ = "0.1.0"
