"""The Textual interface. Nothing here is imported until `tt22 play` runs, so the
command line's other commands never load Textual."""
