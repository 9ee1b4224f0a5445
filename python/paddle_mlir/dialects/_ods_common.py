# The generated op bindings (`_pd_ops_gen.py`, ...) import their helpers
# from a sibling `_ods_common`; re-export upstream's, `_cext` included.
from mlir.dialects._ods_common import *  # noqa: F401,F403
from mlir.dialects._ods_common import _cext  # noqa: F401
