"""The Dask recipe of docs/scale.md, run as written there on a LocalCluster of 2 worker
processes over the CCPD folder: its games and findings equal the CLI's `qili audit --json`
of the same folder."""

import re

import pytest

from conftest import REPO, json_lines


def recipe():
    """The code block of docs/scale.md's recipe, as a namespace."""
    text = (REPO / "docs" / "scale.md").read_text(encoding="utf-8")
    code = re.search(r"## The recipe\n.*?```python\n(.*?)```", text, re.S).group(1)
    namespace = {}
    exec(compile(code, "docs/scale.md", "exec"), namespace)
    return namespace


def test_dask_recipe_equals_the_cli_audit(shared, cli):
    distributed = pytest.importorskip("distributed")
    folder = shared / "games" / "ccpd"
    code, out = cli("audit", folder, "--json")
    assert code == 1
    lines = json_lines(out)
    expected = [l["data"] for l in lines[:-1]]
    r = recipe()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster):
        assert len(cluster.workers) == 2
        games, findings = r["audit_on_dask"](str(folder))
    # pandas holds a missing value (no ruling, no error) as NaN: back to None.
    rows = games.astype(object).where(games.notna(), None).to_dict("records")
    assert len(rows) == len(expected) > 27_000
    for row, g in zip(rows, expected):
        ruling = g["ruling"] or {}
        assert row == {
            "file": g["file"], "index": g["index"], "recorded": g["recorded_result"],
            "ruling": ruling.get("result"), "status": ruling.get("status"),
            "articles": ruling.get("articles", []),
            "findings": [f["kind"] for f in g["findings"]], "disagrees": g["disagrees"],
            "error": (g["error"] or {}).get("kind"),
        }
    summary = lines[-1]["data"]
    assert len(findings) == sum(summary["findings"].values())
    assert findings["findings"].value_counts().to_dict() == summary["findings"]
    assert int(games["disagrees"].sum()) == summary["games_disagreeing"]
