"""mlsi.sweep on threads (jobs=) and in shards (shard=(k, n)): docs/cli.md's Dask recipe, 4 shards of a
100,000-point sweep computed by the 4 workers of a dask.distributed LocalCluster (worker processes on
this machine, on the loopback) and gathered into one DataFrame, equals the sweep in one process; every
number of jobs gives the same columns; and the shards are the contiguous blocks `mlsi sweep --shard`
writes (compared with the command line of the same build)."""
import io

import numpy as np
import pandas as pd
import pytest

import mlsi
from conftest import mlsi_cli

VARY = {"microbatch": "1..1000 step 1", "seq_len": "512..51200 step 512"}


# dask.distributed 2022.12 (Debian 12) on Python 3.11 calls tornado's deprecated make_current: Dask's, not ours.
@pytest.mark.filterwarnings("ignore:make_current is deprecated:DeprecationWarning")
@pytest.mark.filterwarnings("ignore:There is no current event loop:DeprecationWarning")
def test_dask_cluster_gathers_the_shards_into_the_whole_sweep():
    distributed = pytest.importorskip("distributed", reason="Debian's python3-distributed (.ci/install test)")
    whole = mlsi.sweep("ActivationMemory", VARY).to_pandas()
    assert len(whole) == 100_000
    # docs/cli.md's recipe, on a cluster of this machine.
    with distributed.LocalCluster(n_workers=4, threads_per_worker=1, host="127.0.0.1", dashboard_address=None,
                                  processes=True) as cluster, distributed.Client(cluster) as client:
        parts = client.map(lambda k: mlsi.sweep("ActivationMemory", VARY, shard=(k, 4), jobs=1).to_pandas(), range(1, 5))
        frames = client.gather(parts)
        workers = set(client.scheduler_info()["workers"])
    frame = pd.concat(frames)
    assert len(workers) == 4
    assert [len(f) for f in frames] == [25_000] * 4
    pd.testing.assert_frame_equal(frame, whole, check_exact=True)
    # The points' numbers run on from part to part: each part is a block of the whole.
    assert list(frames[1].index[:2]) == [25_000, 25_001]


def test_any_number_of_jobs_gives_the_same_columns():
    one = mlsi.sweep("ActivationMemory", VARY, jobs=1)
    for jobs in (2, 3, None):
        many = mlsi.sweep("ActivationMemory", VARY, jobs=jobs)
        assert np.array_equal(many.index, one.index)
        for name in one.columns:
            assert np.array_equal(many[name], one[name], equal_nan=True), name


def test_a_shard_is_the_command_lines_shard():
    # 7 microbatches x 3 sequence lengths in 4 shards: 6, 5, 5 and 5 points.
    vary = {"microbatch": "1..7 step 1", "seq_len": "512..2048 *2"}
    sizes = []
    for k in range(1, 5):
        part = mlsi.sweep("ActivationMemory", vary, shard=(k, 4))
        csv = mlsi_cli("sweep", "ActivationMemory", "--vary", "microbatch=1..7 step 1", "--vary", "seq_len=512..2048 *2",
                       "--shard", f"{k}/4", "--format", "csv").stdout
        cli = pd.read_csv(io.StringIO(csv))
        assert np.array_equal(part["microbatch"], cli["microbatch"].to_numpy(dtype=float))
        assert np.array_equal(part["seq_len"], cli["seq_len"].to_numpy(dtype=float))
        sizes.append(len(part))
    assert sizes == [6, 5, 5, 5]


@pytest.mark.parametrize("shard", [(0, 4), (5, 4), (1, 0), (1,), "1/4", (True, 2)])
def test_a_wrong_shard_says_what_it_takes(shard):
    with pytest.raises(ValueError, match=r"shard is a pair \(k, n\), the k-th of n parts with 1 <= k <= n"):
        mlsi.sweep("ActivationMemory", {"microbatch": [1, 2]}, shard=shard)


@pytest.mark.parametrize("jobs", [0, -1, 4097, 1.5, True])
def test_a_wrong_jobs_says_what_it_takes(jobs):
    with pytest.raises(ValueError, match="jobs is a number of threads from 1 to 4096, or None for every core"):
        mlsi.sweep("ActivationMemory", {"microbatch": [1, 2]}, jobs=jobs)


def test_grid_solve_on_threads_gives_the_same_answer():
    kwargs = dict(vary={"tp": [1, 2, 4, 8], "pp": [1, 2, 4, 8, 16], "microbatch": "1..16 step 1"}, minimize="step_time",
                  such_that="state_per_device <= 80 GB", top=10)
    one = mlsi.solve("ParallelLayout", jobs=1, **kwargs)
    many = mlsi.solve("ParallelLayout", jobs=3, **kwargs)
    assert len(one.best) == 10
    assert many.best == one.best
    assert (many.si, many.feasible, many.evaluated) == (one.si, one.feasible, one.evaluated)
