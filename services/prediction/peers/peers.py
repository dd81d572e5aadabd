"""Statistical peers of the backtest: Nixtla's AutoETS, AutoTheta and AutoARIMA.

Reads one JSON object from stdin:
  {"season": 7, "levels": [50, 80, 95], "models": ["auto-ets", ...],
   "tasks": [{"y": [log prices, one per calendar day, oldest first], "h": [days ahead to report, 1-based]}, ...]}
and writes one JSON object to stdout:
  {"models": {"auto-ets": [{"mean": [...], "lower": {"50": [...], ...}, "upper": {...}}, ...]}, "seconds": {...}}
with one entry per task, values at the days asked for, on the log scale of the input. A fit that fails
falls back to the naive forecast (statsforecast's fallback model); how many did is reported on stderr.
"""

import json
import sys
import time
import warnings

import numpy as np
import pandas as pd
from statsforecast import StatsForecast
from statsforecast.models import AutoARIMA, AutoETS, AutoTheta, Naive

MODELS = {
    "auto-ets": lambda season: AutoETS(season_length=season, alias="auto-ets"),
    "auto-theta": lambda season: AutoTheta(season_length=season, alias="auto-theta"),
    # Bounded so that thousands of fits finish in minutes, not hours: orders up to (2, d, 2)(1, D, 1)7, and
    # models compared by an approximate (conditional sums of squares) likelihood, as auto.arima does for long series.
    "auto-arima": lambda season: AutoARIMA(
        season_length=season, max_p=2, max_q=2, max_P=1, max_Q=1, approximation=True, alias="auto-arima"
    ),
}


def main() -> None:
    # Flat stretches (days without sales carry the last price) make some fits divide by zero; the fallback covers them.
    warnings.simplefilter("ignore", RuntimeWarning)
    request = json.load(sys.stdin)
    season = int(request.get("season", 7))
    levels = [int(level) for level in request["levels"]]
    names = request["models"]
    tasks = request["tasks"]
    horizon = max((max(task["h"]) for task in tasks if task["h"]), default=1)
    ids = np.repeat(np.arange(len(tasks)), [len(task["y"]) for task in tasks])
    frame = pd.DataFrame({
        "unique_id": ids,
        "ds": np.concatenate([np.arange(len(task["y"])) for task in tasks]) if tasks else [],
        "y": np.concatenate([np.asarray(task["y"], dtype=float) for task in tasks]) if tasks else [],
    })
    out = {"models": {}, "seconds": {}}
    for name in names:
        started = time.perf_counter()
        engine = StatsForecast(models=[MODELS[name](season)], freq=1, n_jobs=int(request.get("jobs", 1)), fallback_model=Naive())
        forecast = engine.forecast(df=frame, h=horizon, level=levels).sort_values(["unique_id", "ds"])
        by_task = forecast.groupby("unique_id", sort=True)
        rows = []
        for index, (_, group) in enumerate(by_task):
            at = [h - 1 for h in tasks[index]["h"]]
            pick = lambda column: [float(v) for v in group[column].to_numpy()[at]]
            rows.append({
                "mean": pick(name),
                "lower": {str(level): pick(f"{name}-lo-{level}") for level in levels},
                "upper": {str(level): pick(f"{name}-hi-{level}") for level in levels},
            })
        out["models"][name] = rows
        out["seconds"][name] = round(time.perf_counter() - started, 2)
        print(f"peers: {name} fitted {len(tasks)} forecasts in {out['seconds'][name]} s", file=sys.stderr)
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
