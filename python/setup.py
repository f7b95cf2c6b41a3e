"""Builds the extension mlsi._mlsi with CMake (the repository's CMakeLists.txt, tests off) for the
Python that runs pip, and puts it in the package; pyproject.toml has the rest.

MLSI_BUILD_DIR=DIR uses a build tree configured already (CI's, for the same Python) instead of a
fresh one: only its target mlsi_python is built."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent.parent


class CMakeBuild(build_ext):
    def build_extension(self, ext: Extension) -> None:
        if not (ROOT / "CMakeLists.txt").exists() or not (ROOT / "interpreter").is_dir():
            raise RuntimeError(f"mlsi's Python module is built from the repository: {ROOT} is not its root")
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        if os.environ.get("MLSI_BUILD_DIR"):
            build = Path(os.environ["MLSI_BUILD_DIR"]).resolve()
        else:
            build = Path(self.build_temp).resolve() / "cmake"
            build.mkdir(parents=True, exist_ok=True)
            subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release", "-DMLSI_BUILD_TESTS=OFF",
                            "-DMLSI_PYTHON=ON", f"-DPython_EXECUTABLE={sys.executable}"], check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "mlsi_python", "-j", jobs], check=True)
        built = next((build / "python" / "mlsi").glob("_mlsi*.so"), None)
        if built is None:
            raise RuntimeError("CMake did not build mlsi._mlsi: is pybind11-dev (and python3-dev) installed?")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        # Copied whatever the times say: distutils' copy_file skips a target newer than its source, and a
        # module left in python/build/ by an earlier install would then be installed in place of this one.
        shutil.copyfile(built, target)
        shutil.copymode(built, target)


setup(ext_modules=[Extension("mlsi._mlsi", sources=[])], cmdclass={"build_ext": CMakeBuild})
