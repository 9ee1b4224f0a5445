//===- PaddleMLIRExtension.cpp - the _paddle_mlir_ext Python module -------===//
//
// Bridges the upstream `mlir` Python package and paddle-mlir through the
// `_CAPIPtr` capsules of upstream objects. Only C APIs are used here: this
// translation unit is compiled with RTTI and exceptions for pybind11, while
// the MLIR C++ code it calls is built without them.
//
//===----------------------------------------------------------------------===//

#include "CAPI/Paddle.h"

#include "mlir-c/Bindings/Python/Interop.h"
#include "mlir-c/BuiltinTypes.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <vector>

namespace py = pybind11;

namespace {

/// The `_CAPIPtr` capsule of an upstream object.
py::object capsuleOf(const py::handle &object) {
  if (!py::hasattr(object, MLIR_PYTHON_CAPI_PTR_ATTR))
    throw py::type_error("expected an mlir.ir object with a _CAPIPtr");
  return object.attr(MLIR_PYTHON_CAPI_PTR_ATTR);
}

MlirType toType(const py::handle &type) {
  py::object capsule = capsuleOf(type);
  MlirType result = mlirPythonCapsuleToType(capsule.ptr());
  if (mlirTypeIsNull(result))
    throw py::type_error("expected an mlir.ir.Type");
  return result;
}

MlirLocation toLocation(const py::handle &loc) {
  py::object capsule = capsuleOf(loc);
  MlirLocation result = mlirPythonCapsuleToLocation(capsule.ptr());
  if (mlirLocationIsNull(result))
    throw py::type_error("expected an mlir.ir.Location");
  return result;
}

MlirOperation toOperation(const py::handle &op) {
  py::object capsule = capsuleOf(op);
  MlirOperation result = mlirPythonCapsuleToOperation(capsule.ptr());
  if (mlirOperationIsNull(result))
    throw py::type_error("expected an MLIR operation");
  return result;
}

/// A capsule for `mlir.ir.Type._CAPICreate`, or None for a null type.
py::object typeCapsule(MlirType type) {
  if (mlirTypeIsNull(type))
    return py::none();
  return py::reinterpret_steal<py::object>(mlirPythonTypeToCapsule(type));
}

py::object typeIDCapsule(MlirTypeID typeID) {
  return py::reinterpret_steal<py::object>(mlirPythonTypeIDToCapsule(typeID));
}

} // namespace

PYBIND11_MODULE(_paddle_mlir_ext, m) {
  m.doc() = "paddle-mlir native extension: dialect and pass registration, "
            "pd type constructors";

  m.def(
      "register_dialects",
      [](py::object registry) {
        py::object capsule = capsuleOf(registry);
        MlirDialectRegistry r =
            mlirPythonCapsuleToDialectRegistry(capsule.ptr());
        if (mlirDialectRegistryIsNull(r))
          throw py::type_error("expected an mlir.ir.DialectRegistry");
        paddleMlirRegisterDialects(r);
      },
      py::arg("registry"), "Adds the pd and phi dialects to a DialectRegistry.");

  m.def(
      "register_kernel",
      [](const std::string &kernel, const std::string &backend,
         const std::string &layout, const std::string &dtype) {
        if (!paddleMlirRegisterKernel(kernel.c_str(), backend.c_str(),
                                      layout.c_str(), dtype.c_str()))
          throw py::value_error("unknown backend, layout or dtype in (" +
                                backend + ", " + layout + ", " + dtype + ")");
      },
      py::arg("kernel"), py::arg("backend"), py::arg("layout"), py::arg("dtype"),
      "Adds a PHI kernel key to the registry pd-select-kernels uses.");
  m.def(
      "has_kernel",
      [](const std::string &kernel, const std::string &backend,
         const std::string &layout, const std::string &dtype) {
        return paddleMlirHasKernel(kernel.c_str(), backend.c_str(),
                                   layout.c_str(), dtype.c_str());
      },
      py::arg("kernel"), py::arg("backend"), py::arg("layout"), py::arg("dtype"));
  m.def(
      "has_cpu_lowering",
      [](const std::string &opName) { return paddleMlirHasCpuLowering(opName.c_str()); },
      py::arg("op_name"), "Whether the CPU backend lowers the op (\"pd.relu\").");

  m.def(
      "resource_data",
      [](py::object attr) -> py::object {
        MlirAttribute a = mlirPythonCapsuleToAttribute(capsuleOf(attr).ptr());
        if (mlirAttributeIsNull(a))
          throw py::type_error("expected an MLIR attribute");
        MlirStringRef data = paddleMlirResourceElementsData(a);
        if (!data.data)
          return py::none();
        // A read-only view of the blob (no copy); valid while the context
        // keeps the resource.
        return py::memoryview::from_memory(const_cast<char *>(data.data),
                                           (ssize_t)data.length,
                                           /*readonly=*/true);
      },
      "The bytes of a dense_resource attribute's blob as a read-only "
      "memoryview, or None.");
  m.def(
      "structural_hash",
      [](py::object op) {
        return paddleMlirStructuralHash(toOperation(op));
      },
      "A hash of an operation's structure (names, attributes, types, "
      "use-def edges), cheap enough to check per run that a program did "
      "not change.");
  m.def(
      "translate_to_llvm_bitcode",
      [](py::object op) -> py::bytes {
        MlirOperation operation = toOperation(op);
        struct Output {
          std::string bitcode, errors;
        } out;
        bool ok;
        {
          // Translation touches only this module: other Python threads
          // (compiling the wrapper, writing the weights) go on meanwhile.
          py::gil_scoped_release release;
          ok = paddleMlirTranslateToLLVMBitcode(
              operation,
              [](MlirStringRef s, void *data) {
                static_cast<Output *>(data)->bitcode.assign(s.data, s.length);
              },
              [](MlirStringRef s, void *data) {
                static_cast<Output *>(data)->errors.assign(s.data, s.length);
              },
              &out);
        }
        if (!ok)
          throw py::value_error(out.errors);
        return py::bytes(out.bitcode);
      },
      py::arg("module"),
      "LLVM bitcode of an LLVM-dialect module (unoptimized); ValueError with "
      "the located diagnostics when it does not translate.");
  m.def("register_passes", &paddleMlirRegisterPasses,
        "Registers paddle-mlir passes with MLIR's global pass registry.");

  m.def(
      "tensor_type_get",
      [](std::vector<int64_t> shape, py::object elementType,
         bool valueSemantics, py::object loc) {
        return typeCapsule(pdTensorTypeGetChecked(
            toLocation(loc), shape.size(), shape.data(), toType(elementType),
            valueSemantics));
      },
      py::arg("shape"), py::arg("element_type"), py::arg("value_semantics"),
      py::arg("loc"),
      "A !pd.tensor / !pd.vtensor capsule, or None after a diagnostic.");
  m.def("type_is_tensor",
        [](py::object type) { return pdTypeIsATensor(toType(type)); });
  m.def("type_is_vtensor",
        [](py::object type) { return pdTypeIsAVTensor(toType(type)); });
  m.def("tensor_type_with_value_semantics", [](py::object type, bool value) {
    MlirType t = toType(type);
    if (!pdTypeIsATensor(t) && !pdTypeIsAVTensor(t))
      throw py::type_error("expected a !pd.tensor or !pd.vtensor type");
    return typeCapsule(pdTensorTypeWithValueSemantics(t, value));
  });
  m.def("tensor_type_id",
        [] { return typeIDCapsule(pdTensorTypeGetTypeID()); });
  m.def("vtensor_type_id",
        [] { return typeIDCapsule(pdVTensorTypeGetTypeID()); });

  m.def(
      "vec_type_get",
      [](std::vector<py::object> elementTypes, py::object loc) {
        std::vector<MlirType> types;
        for (const py::object &t : elementTypes)
          types.push_back(toType(t));
        return typeCapsule(
            pdVecTypeGetChecked(toLocation(loc), types.size(), types.data()));
      },
      py::arg("element_types"), py::arg("loc"));
  m.def("type_is_vec", [](py::object type) { return pdTypeIsAVec(toType(type)); });
  m.def("vec_type_elements", [](py::object type) {
    MlirType t = toType(type);
    if (!pdTypeIsAVec(t))
      throw py::type_error("expected a !pd.vec type");
    py::list result;
    for (intptr_t i = 0, e = pdVecTypeGetNumElements(t); i < e; ++i)
      result.append(typeCapsule(pdVecTypeGetElement(t, i)));
    return result;
  });
  m.def("vec_type_id", [] { return typeIDCapsule(pdVecTypeGetTypeID()); });
}
