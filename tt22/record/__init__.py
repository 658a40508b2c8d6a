"""`.22rec` game records of every game (format 1: 22; format 2 names the game): the
schema, reading and writing, replay and verification, autosave. Imports the engines
(through the games' registry) and msgspec only (never Textual), so `tt22 verify` and
`tt22 show` start fast. The format is specified in docs/record-format.md.
"""

from tt22.core.players import Player as SeatInfo

from .analysis import AnalysisSection
from .autosave import Autosave, SlotBusy
from .codec import (
    ANALYSED_SUFFIX,
    analysed_path,
    decode_analysed,
    decode_record,
    encode_record,
    load_analysed,
    load_record,
    save_record,
    write_atomic,
)
from .comments import comment_visible
from .errors import RecordError
from .limits import FORMAT_NAME, FORMAT_VERSION, MAX_BYTES
from .paths import data_dir, records_dir
from .schema import GameRecord, Origin, Record, RecordedMove, Result
from .verify import (
    ReplayResult,
    append_move,
    build_record,
    final_state,
    fork_record,
    game_result,
    new_record,
    replay_game,
    replay_record,
    take_back,
    verify_record,
)

__all__ = [
    "ANALYSED_SUFFIX",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_BYTES",
    "AnalysisSection",
    "Autosave",
    "GameRecord",
    "Origin",
    "Record",
    "RecordError",
    "RecordedMove",
    "ReplayResult",
    "Result",
    "SeatInfo",
    "SlotBusy",
    "analysed_path",
    "append_move",
    "build_record",
    "comment_visible",
    "data_dir",
    "decode_analysed",
    "decode_record",
    "encode_record",
    "final_state",
    "fork_record",
    "game_result",
    "load_analysed",
    "load_record",
    "new_record",
    "records_dir",
    "replay_game",
    "replay_record",
    "save_record",
    "take_back",
    "verify_record",
    "write_atomic",
]
