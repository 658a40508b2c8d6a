"""Play: a match at this keyboard, of any game, without Textual.

`session.LocalSession` owns a match (the record, its autosave slot, whose turn, which
seats are people and which bots, take-backs); `runner.BotRunner` plays its bots and
posts `events` (`Moved`, `HandOver`, `MatchOver`, `BotFailed`) to the screen showing
it; `log` is the data folder's play log (`tt22.log`). Games come from the registry
(tt22.core.registry): nothing here imports a game's modules.
"""
