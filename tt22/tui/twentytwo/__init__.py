"""22's own part of the interface: what its end screens, score history and help say,
as the plain data the shared screens draw (tt22.tui.summary)."""
