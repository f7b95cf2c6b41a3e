"""Where `cmake --install` puts the module `mlsi` below the prefix given to it (argv[1]), for the Python
that runs this (python/CMakeLists.txt): printed relative to the prefix, then `on-path` when that Python
reads it without PYTHONPATH, else `off-path`.

- the prefix is a virtual environment (it holds pyvenv.cfg): its lib/python3.X/site-packages;
- the prefix is the user base (site.USER_BASE, ~/.local): the user site, lib/python3.X/site-packages;
- the prefix holds one of the interpreter's site directories: that one (Debian: lib/python3/dist-packages
  below /usr, lib/python3.X/dist-packages below /usr/local);
- any other prefix: lib/python3.X/dist-packages, which PYTHONPATH then names."""
import os
import site
import sys
import sysconfig


def below(prefix: str, path: str) -> str:
    """``path`` relative to ``prefix`` when it is inside it (not in a deeper prefix such as /usr/local
    below /usr), else ""."""
    relative = os.path.relpath(os.path.realpath(path), prefix)
    return relative if relative.startswith("lib" + os.sep) else ""


def main() -> None:
    prefix = os.path.realpath(sys.argv[1])
    if os.path.isfile(os.path.join(prefix, "pyvenv.cfg")):
        print(os.path.join("lib", f"python{sys.version_info.major}.{sys.version_info.minor}", "site-packages"))
        print("on-path")  # for the environment's python
        return
    if site.ENABLE_USER_SITE and prefix == os.path.realpath(site.getuserbase()):
        print(below(prefix, site.getusersitepackages()) or os.path.relpath(site.getusersitepackages(), site.getuserbase()))
        print("on-path")
        return
    for directory in site.getsitepackages():
        relative = below(prefix, directory)
        if relative:
            print(relative)
            print("on-path")
            return
    platlib = sysconfig.get_path("platlib", vars={"platbase": "/P", "base": "/P"})
    print(os.path.relpath(platlib, "/P").replace("local" + os.sep, "", 1))
    print("off-path")


main()
