//===- paddle-opt.cpp - mlir-opt with the pd and phi dialects -------------===//
//
// Every upstream dialect, extension and pass, plus paddle-mlir's.
//
//===----------------------------------------------------------------------===//

#include "Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::paddle::registerAllPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::paddle::registerAllDialects(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "paddle-mlir optimizer driver\n", registry));
}
