"""The served lobby's table of tables (`tt22.serve.app.LobbyScreen`)."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import DataTable

from tt22.serve.app import _widen


class _Tables(App[None]):
    def compose(self) -> ComposeResult:
        yield DataTable(id="tables")


@pytest.mark.parametrize("widen", [True, False])
async def test_a_row_drawn_before_the_table_is_idle_is_whole(widen: bool) -> None:
    """A DataTable measures a new row only once it is idle, and a row drawn before
    that is cut to the columns' titles: under load the lobby drew a new table's row so
    and kept showing its status as "waitin" (no "your seat") for a minute. With the
    columns widened as the row is added, the row is whole however early it is drawn;
    the case without shows that this test sees the fault."""
    app = _Tables()
    async with app.run_test(size=(80, 10)) as pilot:
        table = app.query_one(DataTable)
        table.add_column("Code", key="code")
        table.add_column("Status", key="status")
        await pilot.pause()
        cells = ("AB12", "playing · your seat")
        table.add_row(*cells, key="AB12")
        if widen:
            _widen(table, cells)
        early = table.render_line(1).text  # drawn before the table is idle
        await pilot.pause()
        late = table.render_line(1).text
        assert ("your seat" in early) is widen, early
        assert "your seat" in late
