// ptensor-opt: mlir-opt with the PTensor, Dist and Region dialects, ptensor's passes and the
// named pipeline (the same one the JIT runs); its body is ptensor::optMain (Registration.cpp).
#include "Pipeline/Passes.h"

int main(int argc, char **argv) { return ptensor::optMain(argc, argv); }
