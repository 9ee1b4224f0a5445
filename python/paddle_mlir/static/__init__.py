"""Paddle's static-graph API on the pd dialect: programs, feeds, parameters."""

from .parameters import (Parameter, ParameterError, ParameterLoadError,  # noqa: F401
                         ParameterStore)
from .program import (Program, ProgramError, create_parameter, data,  # noqa: F401
                      default_main_program, default_startup_program, disable_static,
                      enable_static, global_context, in_dynamic_mode, in_program_guard,
                      program_guard)
from .startup import StartupError, run_startup  # noqa: F401
from .input_spec import InputSpec  # noqa: F401
from .executor import Executor, ExecutorError  # noqa: F401
from . import control_flow as nn  # noqa: F401  (static.nn.cond / while_loop)
