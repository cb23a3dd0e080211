// DLPack export (__dlpack__): a PyCapsule over an array's memory, no copy.
#pragma once

#include "Program.h"

#include <pybind11/pybind11.h>

namespace ptensor {
/// The data of n (a materialized leaf) as a DLPack capsule: "dltensor_versioned" (DLPack 1.0,
/// read-only unless `writable`, `copied` sets the is-copied flag) or, with versioned false,
/// the legacy "dltensor". The capsule holds the buffer until the consumer's deleter runs (or
/// the capsule dies unconsumed). device_type / device_id: DLPack's device of the memory.
pybind11::object dlpackCapsule(const Node &n, int deviceType, int deviceId, bool versioned,
                               bool writable, bool copied);
} // namespace ptensor
