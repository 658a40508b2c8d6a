"""The bare `tt22` command line: game options without a command belong to `play`."""

import pytest

from tt22.cli import main


def test_bad_language_is_refused_by_play(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["--lang", "xx"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("tt22 play: ") and "'xx'" in err and err.count("\n") == 1


def test_impossible_table_without_command_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "10", "--lang", "ja"]) == 2
    err = capsys.readouterr().err
    assert "2 to 9 players" in err and err.count("\n") == 1


def test_version_and_help_stay_top_level(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out.startswith("tt22 ")
