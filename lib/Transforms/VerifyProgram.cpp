//===- VerifyProgram.cpp - program-level invariants (pd-verify-program) ---===//
//
// Op verifiers see one op at a time. Feeds, fetches and parameters have
// invariants over the whole program, which an executor relies on: unique
// feed names, fetch columns 0..n-1, one shape and dtype per parameter.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include <map>

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDVERIFYPROGRAM
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

// Unqualified TensorType must be pd::TensorType, not mlir::TensorType.
namespace mlir::pd {

namespace {

/// Feeds and fetches of one function (or of ops outside any function).
struct ProgramIO {
  llvm::StringMap<DataOp> feeds;
  llvm::StringMap<FetchOp> fetchesByName;
  // std::map: cols are user values, and DenseMap reserves two int keys.
  std::map<int32_t, FetchOp> fetchesByCol;
};

std::string describe(BaseTensorType type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "shape " << shapeToString(type.getShape()) << " and dtype "
     << type.getElementType();
  return s;
}

struct PdVerifyProgramPass
    : public impl::PdVerifyProgramBase<PdVerifyProgramPass> {
  using Base::Base;

  void runOnOperation() override {
    bool ok = true;
    llvm::DenseMap<Operation *, ProgramIO> programs;
    // The parameter table is shared by every function of the module.
    llvm::StringMap<std::pair<BaseTensorType, Operation *>> parameters;

    auto checkParameter = [&](Operation *op, StringRef name,
                              BaseTensorType type) {
      auto [it, inserted] = parameters.try_emplace(name, type, op);
      if (inserted)
        return;
      auto [firstType, firstOp] = it->second;
      if (firstType.getShape() == type.getShape() &&
          firstType.getElementType() == type.getElementType())
        return;
      InFlightDiagnostic diag = op->emitError()
                                << "parameter '" << name << "' is used with "
                                << describe(type);
      diag.attachNote(firstOp->getLoc())
          << "but with " << describe(firstType) << " here";
      ok = false;
    };

    getOperation().walk([&](Operation *op) {
      Operation *program = op->getParentOfType<FunctionOpInterface>();
      if (auto data = dyn_cast<DataOp>(op)) {
        ProgramIO &io = programs[program];
        auto [it, inserted] = io.feeds.try_emplace(data.getName(), data);
        if (!inserted) {
          InFlightDiagnostic diag = data.emitError()
                                    << "feed '" << data.getName()
                                    << "' is declared twice";
          diag.attachNote(it->second.getLoc()) << "first declared here";
          ok = false;
        }
      } else if (auto fetch = dyn_cast<FetchOp>(op)) {
        ProgramIO &io = programs[program];
        auto [byName, newName] =
            io.fetchesByName.try_emplace(fetch.getName(), fetch);
        if (!newName) {
          InFlightDiagnostic diag = fetch.emitError()
                                    << "fetch name '" << fetch.getName()
                                    << "' is used twice";
          diag.attachNote(byName->second.getLoc()) << "first used here";
          ok = false;
        }
        auto [byCol, newCol] = io.fetchesByCol.try_emplace(fetch.getCol(), fetch);
        if (!newCol) {
          fetch.emitError() << "fetch col " << fetch.getCol()
                            << " is already taken by fetch '"
                            << byCol->second.getName() << "'";
          ok = false;
        }
      } else if (auto get = dyn_cast<GetParameterOp>(op)) {
        checkParameter(op, get.getParameterName(), get.getType());
      } else if (auto set = dyn_cast<SetParameterOp>(op)) {
        checkParameter(op, set.getParameterName(),
                       set.getParameter().getType());
      }
    });

    for (auto &[program, io] : programs) {
      Location loc = program ? program->getLoc() : getOperation().getLoc();
      int32_t count = io.fetchesByCol.size();
      for (int32_t col = 0; col < count; ++col) {
        if (io.fetchesByCol.count(col))
          continue;
        emitError(loc) << "fetch cols must be 0.." << count - 1 << " but col "
                       << col << " is missing";
        ok = false;
        break;
      }
      if (requireFetch && !io.feeds.empty() && io.fetchesByName.empty()) {
        emitError(loc) << "program reads feeds but fetches nothing "
                          "(require-fetch)";
        ok = false;
      }
    }

    if (!ok)
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};

} // namespace

} // namespace mlir::pd
