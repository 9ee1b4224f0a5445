# lit configuration of paddle-mlir's FileCheck tests (test/Dialect, ...).
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "PADDLE_MLIR"
# lit 23 from PyPI: run RUN lines with lit's internal shell.
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.paddle_mlir_obj_root, "test")
# pytest owns test/python.
config.excludes = ["python", "lit.cfg.py", "lit.site.cfg.py", "CMakeLists.txt"]

# Our tools first, then FileCheck/not from the LLVM wheel. `with_environment`
# with append_path=False would replace PATH, so prepend explicitly.
path = os.pathsep.join([config.paddle_mlir_tools_dir, config.llvm_bin_dir,
                        config.mlir_bin_dir, config.environment.get("PATH", os.environ["PATH"])])
config.environment["PATH"] = path

llvm_config.use_default_substitutions()
config.substitutions.append(("%PATH%", path))

# pd-lower-to-cuda's cubin (format=bin) needs the CUDA toolkit's ptxas.
import shutil as _shutil
if any(os.path.isfile(os.path.join(os.environ.get(v, ""), "bin", "ptxas"))
       for v in ("CUDA_ROOT", "CUDA_HOME", "CUDA_PATH") if os.environ.get(v)) or \
        os.path.isfile("/usr/local/cuda/bin/ptxas") or _shutil.which("ptxas"):
    config.available_features.add("ptxas")

# GPU tests run only where a CUDA driver is present.
if os.path.exists("/dev/nvidia0") or os.path.exists("/dev/nvidiactl"):
    config.available_features.add("gpu")
