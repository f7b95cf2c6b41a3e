"""Installing the module (issue 44 item 10): `cmake --install` puts it where the interpreter imports it
without PYTHONPATH (the user site for the user base, a virtual environment's site-packages), a Jupyter
kernel for a virtual environment is one command, and `pip install ./python` with MLSI_BUILD_DIR reuses
this build tree instead of building again. Each installs into a temporary directory: PYTHONUSERBASE
stands for ~/.local, `ipykernel install --prefix` for `--user`."""
import json
import os
import pathlib
import site
import subprocess
import sys

import pytest

from conftest import ROOT

BUILD = pathlib.Path(os.environ.get("MLSI", "build/mlsi")).resolve().parent
PYTHON = sys.executable  # the interpreter the module is built for (ctest: Python_EXECUTABLE)
CHECK = "import mlsi; print(mlsi.__file__); print(mlsi.run('ActivationMemory', microbatch=4).outputs['full'])"


def _env(**extra):
    """The environment without the build tree on PYTHONPATH, so that only an installed module imports."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONUSERBASE", "PYTHONNOUSERSITE")}
    env.update(extra)
    return env


def _run(args, env, cwd):
    done = subprocess.run([str(a) for a in args], env=env, cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(map(str, args))} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _install(prefix, env, cwd):
    return _run(["cmake", "--install", BUILD, "--prefix", prefix, "--component", "python"], env, cwd)


@pytest.mark.skipif(not site.ENABLE_USER_SITE, reason="this interpreter reads no user site")
def test_install_into_the_user_base_imports_without_pythonpath(tmp_path):
    base = tmp_path / "local"  # `cmake --install build --prefix ~/.local`, ~/.local being the user base
    env = _env(PYTHONUSERBASE=str(base))
    _install(base, env, tmp_path)
    user_site = _run([PYTHON, "-c", "import site; print(site.getusersitepackages())"], env, tmp_path).strip()
    assert user_site.startswith(str(base) + "/lib/python3.")
    # Full recomputation of GPT-3 at microbatch 4: 96 * 2048 * 4 * 12288 * 2 byte = 18 GiB.
    assert _run([PYTHON, "-c", CHECK], env, tmp_path) == f"{user_site}/mlsi/__init__.py\n18 GiB\n"


def test_where_each_prefix_puts_the_module():
    def where(prefix):
        return _run([PYTHON, ROOT / "python" / "install_dir.py", prefix], _env(), ROOT).splitlines()
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    if "/usr/lib/python3/dist-packages" in site.getsitepackages():  # Debian's python3
        assert where("/usr") == ["lib/python3/dist-packages", "on-path"]
        assert where("/usr/local") == [f"lib/{version}/dist-packages", "on-path"]
    assert where("/nonexistent/prefix") == [f"lib/{version}/dist-packages", "off-path"]


def test_another_prefix_says_which_pythonpath_it_needs(tmp_path):
    prefix = tmp_path / "opt"
    out = _install(prefix, _env(), tmp_path)
    modules = prefix / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "dist-packages"
    assert f"does not read {modules}: import mlsi with PYTHONPATH={modules}\n" in out
    assert _run([PYTHON, "-c", CHECK], _env(PYTHONPATH=str(modules)), tmp_path) == f"{modules}/mlsi/__init__.py\n18 GiB\n"


@pytest.fixture(scope="module")
def venv(tmp_path_factory):
    """A virtual environment that sees Debian's packages (ipykernel, NumPy), as docs/python.md makes one."""
    path = tmp_path_factory.mktemp("venv") / "mlsi"
    _run([PYTHON, "-m", "venv", "--system-site-packages", path], _env(), path.parent)
    return path


def test_install_into_a_virtual_environment_and_its_jupyter_kernel(venv, tmp_path, monkeypatch):
    pytest.importorskip("ipykernel", reason="Debian's python3-ipykernel (.ci/install test)")
    nbclient = pytest.importorskip("nbclient")
    nbformat = pytest.importorskip("nbformat")
    _install(venv, _env(), tmp_path)
    python = venv / "bin" / "python"
    site_packages = venv / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "site-packages"
    assert _run([python, "-c", CHECK], _env(), tmp_path) == f"{site_packages}/mlsi/__init__.py\n18 GiB\n"
    # docs/python.md's one command, with --prefix for --user so that the test leaves ~ alone.
    kernels = tmp_path / "jupyter"
    _run([python, "-m", "ipykernel", "install", "--prefix", kernels, "--name", "mlsi", "--display-name", "Python (mlsi)"], _env(), tmp_path)
    spec = json.loads((kernels / "share" / "jupyter" / "kernels" / "mlsi" / "kernel.json").read_text())
    assert spec["argv"][0] == str(python) and spec["display_name"] == "Python (mlsi)"
    monkeypatch.setenv("JUPYTER_PATH", str(kernels / "share" / "jupyter"))
    monkeypatch.delenv("PYTHONPATH", raising=False)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import sys\n" + CHECK.replace("; ", "\n") + "\nprint(sys.prefix)")])
    executed = nbclient.NotebookClient(nb, timeout=120, kernel_name="mlsi", resources={"metadata": {"path": str(tmp_path)}}).execute()
    text = "".join(o.get("text", "") for o in executed.cells[0].outputs)
    assert text == f"{site_packages}/mlsi/__init__.py\n18 GiB\n{venv}\n"


def test_pip_reuses_the_build_tree(venv, tmp_path):
    # MLSI_BUILD_DIR: setup.py builds only the target mlsi_python of this tree (up to date here) and copies it.
    env = _env(MLSI_BUILD_DIR=str(BUILD), PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    _run([venv / "bin" / "pip", "install", "-q", "--no-build-isolation", "--no-deps", ROOT / "python"], env, tmp_path)
    installed = _run([venv / "bin" / "pip", "show", "-f", "mlsi"], env, tmp_path)
    built = next((BUILD / "python" / "mlsi").glob("_mlsi*.so"))
    assert f"  mlsi/{built.name}\n" in installed
    location = next(line.split(": ", 1)[1] for line in installed.splitlines() if line.startswith("Location: "))
    assert (pathlib.Path(location) / "mlsi" / built.name).read_bytes() == built.read_bytes()
