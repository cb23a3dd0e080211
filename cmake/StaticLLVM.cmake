# Static MLIR/LLVM for self-contained builds (PTENSOR_SELF_CONTAINED; included by CMakeLists.txt).
#
# Debian's MLIR 19 ships static archives (libMLIR*.a) but exports them as depending on the
# shared libLLVM ("LLVM" in their INTERFACE_LINK_LIBRARIES: it was built with
# LLVM_LINK_LLVM_DYLIB). Here every MLIR target's "LLVM" is replaced by LLVM's static component
# archives, so the extension carries no libMLIR/libLLVM dependency. The linker takes from the
# archives only the objects the code reaches; --gc-sections drops unreached functions.
get_property(_mlir_all GLOBAL PROPERTY MLIR_ALL_LIBS)
set(PTENSOR_LLVM_LIBS)
foreach(lib IN LISTS _mlir_all)
  # (MLIRSparseTensorRuntime asks its users for clang's -Wweak-vtables, which g++ rejects)
  if(TARGET ${lib})
    set_property(TARGET ${lib} PROPERTY INTERFACE_COMPILE_OPTIONS "")
  endif()
endforeach()
foreach(lib IN LISTS _mlir_all)
  # not the shared MLIR (libMLIR.so), the runner utilities (.so, loaded by the JIT), tests, C API,
  # the sparse tensor runtime (its interface asks for a clang-only warning flag)
  if(lib STREQUAL "MLIR" OR lib MATCHES "Test|CAPI|runner|^mlir_|Shared$|MlirOptMain|JitRunner"
     OR NOT TARGET ${lib})
    continue()
  endif()
  get_target_property(_type ${lib} TYPE)
  if(_type STREQUAL "STATIC_LIBRARY")
    list(APPEND PTENSOR_LLVM_LIBS ${lib})
  endif()
endforeach()

set(_llvm_static ${LLVM_AVAILABLE_LIBS}) # every component (llvm_map_components "all": none here)
# (not the components that need other system libraries and that nothing here reaches:
# libcurl, libffi, libedit, libxml2)
list(FILTER _llvm_static EXCLUDE REGEX
     "^LLVM$|gtest|Exegesis|TableGen|FileCheck|OptRemarks|LTO|Debuginfod|Interpreter|LineEditor|WindowsManifest|Fuzz")
# LLVMSupport's own: zlib and zstd (compression; also libz3, unreached: --as-needed drops it)
find_package(ZLIB REQUIRED)
if(NOT TARGET zstd::libzstd_shared) # (Debian's libzstd1 without its -dev package is enough)
  find_library(PTENSOR_ZSTD NAMES zstd libzstd.so.1 REQUIRED)
  add_library(zstd::libzstd_shared SHARED IMPORTED)
  set_target_properties(zstd::libzstd_shared PROPERTIES IMPORTED_LOCATION "${PTENSOR_ZSTD}")
endif()
# Debian exports some libraries it does not ship (Polly, which LLVMExtensions names): those are
# dropped, from the list and from the other components' interfaces
set(_llvm_missing)
foreach(lib IN LISTS LLVM_AVAILABLE_LIBS)
  if(TARGET ${lib})
    get_target_property(_loc ${lib} IMPORTED_LOCATION_RELWITHDEBINFO)
    if(NOT _loc)
      get_target_property(_loc ${lib} IMPORTED_LOCATION)
    endif()
    if(NOT _loc OR NOT EXISTS "${_loc}")
      list(APPEND _llvm_missing ${lib})
    endif()
  endif()
endforeach()
foreach(lib IN LISTS LLVM_AVAILABLE_LIBS)
  if(TARGET ${lib})
    get_target_property(_deps ${lib} INTERFACE_LINK_LIBRARIES)
    if(_deps)
      list(REMOVE_ITEM _deps ${_llvm_missing})
      set_target_properties(${lib} PROPERTIES INTERFACE_LINK_LIBRARIES "${_deps}")
    endif()
  endif()
endforeach()
list(REMOVE_ITEM _llvm_static ${_llvm_missing})
add_library(ptensor_llvm_static INTERFACE)
target_link_libraries(ptensor_llvm_static INTERFACE ${_llvm_static})
foreach(lib IN LISTS PTENSOR_LLVM_LIBS)
  get_target_property(_deps ${lib} INTERFACE_LINK_LIBRARIES)
  if(_deps)
    list(TRANSFORM _deps REPLACE "^LLVM$" "ptensor_llvm_static")
    set_target_properties(${lib} PROPERTIES INTERFACE_LINK_LIBRARIES "${_deps}")
  endif()
endforeach()
list(APPEND PTENSOR_LLVM_LIBS ptensor_llvm_static)

# Our own shared objects: libstdc++/libgcc inside (a wheel must not need the build machine's
# newer libstdc++), unused sections dropped, no exported static-library symbols, stripped.
set(PTENSOR_SELF_CONTAINED_LINK -static-libstdc++ -static-libgcc -Wl,--gc-sections
    -Wl,--exclude-libs,ALL -Wl,--as-needed -s)
