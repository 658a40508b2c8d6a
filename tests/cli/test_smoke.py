"""End-to-end smoke: the command line plays a whole match."""

from tt22.cli import main


def test_sim_plays_a_match(capsys):
    assert main(["sim", "--players", "3", "--seed", "smoke"]) == 0
    out = capsys.readouterr().out
    assert "Deal 1:" in out
    assert "Winner" in out or "No winner" in out
