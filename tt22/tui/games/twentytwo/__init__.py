"""What 22's interface adds to the shared screens: its end screens, score history and
help (tt22.tui.games.twentytwo.summary, .help, .screens), as the plain data the shared screens
draw (tt22.tui.summary). Its table (tt22.tui.games.twentytwo.table) and replayer
(tt22.tui.replay) are opened through tt22.tui.tables by the classes its registry entry
names, as every game's are."""
