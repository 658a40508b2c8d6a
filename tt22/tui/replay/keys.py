"""The keys every game's replayer offers, and the help's words for them.

`replay_bindings(group)` is the footer's order for the replayers of Rook and the Rummy
family (← → a move, ↑ ↓ the game's trick or turn, PgUp/PgDn a hand, Home/End, space
autoplay, v the views, m the move list, p play from here, ? the game's help, q back; c,
s and g and the analysis board's keys out of the footer); `replay_key_words` the rows
a game's help lists under its replay heading. 22's replayer has its own footer words
(tt22/tui/games/twentytwo/replay.py) for the same actions.
"""

from __future__ import annotations

from typing import Any, Literal

from textual.binding import Binding, BindingType

import tt22.tui.replay.words  # noqa: F401  (the "replay." words the keys below use)
from tt22.tui.i18n import add_section
from tt22.tui.replay.analysis_pane import ANALYSIS_BINDINGS, analysis_key_words

add_section(
    "game_replay.",
    {
        "key.step": ("Move", "수", "手"),  # ← and → side by side under one word
        "key.prev": ("Step back", "이전 수", "前の手"),
        "key.next": ("Step on", "다음 수", "次の手"),
        "key.trick": ("Trick", "트릭", "トリック"),
        "key.turn": ("Turn", "차례", "手番"),
        # ("回", not "ハンド": every replayer key fits the ASCII footer at 80 columns)
        "key.hand": ("Hand", "판", "回"),
        "key.view": ("View", "시점", "視点"),
        "key.moves": ("Moves", "수 목록", "手順"),
        "moves.title": ("Moves", "수 목록", "手順"),
        "help.keys": ("Replay keys", "다시 보기 키", "再生のキー"),
        "moves.start": ("(start)", "(시작)", "(開始)"),
        "goto.title": (
            "Go to: 3 (hand 3), 3.2 (its trick or turn 2), 3.0 (Rook: its bidding) or #57",
            "이동: 3 (3번째 판), 3.2 (그 판의 2번째 트릭·차례), 3.0 (루크: 입찰), #57",
            "移動: 3 (第3ハンド)、3.2 (その第2トリック・手番)、3.0 (ルック: 入札)、#57",
        ),
    },
)


__all__ = ["STEP_GROUP", "replay_bindings", "replay_key_words"]


# ← and → side by side under one word ("←→ Move", ASCII "<-> Move"), as in 22's
# replayer: apart they took the room of two keys and `p Play here` did not fit at 80.
STEP_GROUP = Binding.Group("game_replay.key.step", compact=True)


def replay_bindings(group: Literal["trick", "turn"]) -> list[BindingType]:
    """Every protocol game's replayer keys, in the footer's order: ← → a move, ↑ ↓ (or
    [ ]) the game's `group` (Rook's tricks, the Rummy family's turns), PgUp/PgDn a hand,
    Home/End, space autoplay (+ - t its pace), v the views, m the move list, p play from
    here, ? the game's help, q back; c, s and g (comments, saving them, go to) are not in
    the footer. A game's screen says `BINDINGS = replay_bindings("trick")`, so the keys
    and their words are the same in every game's replayer."""
    unit = f"game_replay.key.{group}"
    return [
        Binding(
            "left", "step(-1)", "game_replay.key.prev", id="game.replay.prev",
            key_display="←", group=STEP_GROUP,
        ),
        Binding(
            "right", "step(1)", "game_replay.key.next", id="game.replay.next",
            key_display="→", group=STEP_GROUP,
        ),
        Binding(
            "up,left_square_bracket", "group(-1)", unit, id="game.replay.group",
            key_display="↑↓",
        ),
        Binding(
            "down,right_square_bracket", "group(1)", unit, id="game.replay.group2", show=False
        ),
        # (PgUp/PgDn not in the footer: at 80 columns in Japanese there is room for the
        # keys above and autoplay, not for both; the help lists them, and g goes to a hand)
        Binding(
            "pageup", "hand(-1)", "game_replay.key.hand", id="game.replay.hand",
            key_display="PgUp/Dn", show=False,
        ),
        Binding("pagedown", "hand(1)", "game_replay.key.hand", id="game.replay.hand2", show=False),
        Binding("home", "end(0)", "key.first", id="game.replay.start", show=False),
        Binding("end", "end(1)", "key.last", id="game.replay.end", show=False),
        Binding(
            "space", "autoplay", "replay.foot.auto", id="game.replay.autoplay", key_display="␣"
        ),
        Binding("v", "view", "game_replay.key.view", id="game.replay.view"),
        # (not in the footer: at 80 columns there is no room, and from 110 the list is
        # beside the table anyway; the help lists it)
        Binding("m", "moves", "game_replay.key.moves", id="game.replay.moves", show=False),
        Binding("p", "fork", "replay.foot.fork", id="game.replay.fork"),
        Binding("question_mark", "game_help", "key.help", id="game.replay.help", key_display="?"),
        Binding("q,escape", "back", "key.back", id="game.replay.back"),
        Binding(
            "plus,equals_sign", "faster", "replay.key.faster", id="game.replay.faster",
            show=False,
        ),
        Binding("minus", "slower", "replay.key.slower", id="game.replay.slower", show=False),
        Binding("t", "real_time", "replay.key.realtime", id="game.replay.real_time", show=False),
        Binding("c", "comment", "replay.key.comment", id="game.replay.comment", show=False),
        Binding("s", "save", "replay.key.save", id="game.replay.save", show=False),
        Binding("g", "goto", "replay.key.goto", id="game.replay.goto", show=False),
        *ANALYSIS_BINDINGS,
    ]  # fmt: skip


_KEY_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, str, str], tuple[str, str, str]]] = {
    # action -> (keys, what the help calls them in en/ko/ja, what they do in en/ko/ja)
    "step": (
        ("left", "right"),
        ("← →", "← →", "← →"),
        ("a move back or on", "한 수 뒤로/앞으로", "一手戻る/進む"),
    ),
    "trick": (
        ("up", "down", "left_square_bracket", "right_square_bracket"),
        ("↑ ↓ or [ ]", "↑ ↓ 또는 [ ]", "↑ ↓ または [ ]"),
        ("a trick back or on", "한 트릭 뒤로/앞으로", "1トリック戻る/進む"),
    ),
    "turn": (
        ("up", "down", "left_square_bracket", "right_square_bracket"),
        ("↑ ↓ or [ ]", "↑ ↓ 또는 [ ]", "↑ ↓ または [ ]"),
        ("a turn back or on", "한 차례 뒤로/앞으로", "1手番戻る/進む"),
    ),
    "hand": (
        ("pageup", "pagedown"),
        ("PgUp PgDn", "PgUp PgDn", "PgUp PgDn"),
        ("a hand back or on", "한 판 뒤로/앞으로", "1回戻る/進む"),
    ),
    "end": (
        ("home", "end"),
        ("Home End", "Home End", "Home End"),
        ("the start or the end", "처음이나 끝", "最初/最後"),
    ),
    "autoplay": (
        ("space", "plus", "minus", "t"),
        ("Space + - t", "Space + - t", "Space + - t"),
        (
            "autoplay on or off; faster, slower; in real time (as long as each move took)",
            "자동 재생 켜기/끄기, 빠르게, 느리게, 실제 시간(각 수에 걸린 만큼)",
            "自動再生の開始/停止、速く、遅く、実時間(各手にかかった時間どおり)",
        ),
    ),
    "view": (
        ("v",),
        ("v", "v", "v"),
        (
            "the view: every hand open (a finished game), then each seat's",
            "시점: 모든 패 공개(끝난 게임), 그다음 각 자리",
            "視点: 全員の手札(終了したゲーム)、次に各席",
        ),
    ),
    "moves": (("m",), ("m", "m", "m"), ("the move list", "수 목록", "手順の一覧")),
    "goto": (
        ("g",), ("g", "g", "g"),
        (
            "go to a hand (3), a turn (3.2) or after a move (#57)",
            "이동: 판(3), 차례(3.2), 수 다음(#57)",
            "移動: 回(3)、手番(3.2)、その手の後(#57)",
        ),
    ),
    "fork": (
        ("p",), ("p", "p", "p"),
        (
            "play on from here: you take a seat, bots the others (a match in progress is kept)",
            "여기서 이어 두기: 한 자리를 맡고 나머지는 봇(진행 중인 게임은 그대로 보관)",
            "ここから対局: 1つの席に座り、他はボット(進行中の試合はそのまま保存)",
        ),
    ),
    "comment": (
        ("c",), ("c", "c", "c"),
        (
            "comment on the last move made (a seat's view: on its own moves only)",
            "마지막 수에 메모(자리 시점에서는 그 자리의 수에만)",
            "最後の手にコメント(席の視点ではその席の手だけ)",
        ),
    ),
    "save": (
        ("s",), ("s", "s", "s"),
        (
            "save the comments (a copy next to the record, or over it)",
            "메모 저장(기록 옆에 사본으로, 또는 덮어쓰기)",
            "コメントを保存(記録の隣にコピー、または上書き)",
        ),
    ),
    "back": (("q",), ("q", "q", "q"), ("back", "뒤로", "戻る")),
}  # fmt: skip


def replay_key_words(group: Literal["trick", "turn"], goto: Any = None) -> tuple[Any, ...]:
    """The help's rows (`tt22.tui.summary.data.KeyWords`) for the keys
    `replay_bindings(group)` gives every replayer, for a game's help page under its
    replay heading; `goto`, a game's own row for `g` (Rook's names its bidding), else
    the family's (hands, turns, moves)."""
    from tt22.tui.summary.data import KeyWords

    rows: list[Any] = []
    for action in (
        "step",
        group,
        "hand",
        "end",
        "autoplay",
        "view",
        "moves",
        "goto",
        "fork",
        "comment",
        "save",
        "back",
    ):
        if action == "back":  # (the analysis board's keys before it)
            rows.extend(analysis_key_words())
        keys, shown, what = _KEY_WORDS[action]
        rows.append(KeyWords(keys, *((shown[i], what[i]) for i in range(3))))
        if action == "goto" and goto is not None:
            rows[-1] = goto
    return tuple(rows)
