#ifndef REGION_OPS_TD
#define REGION_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def Region_Dialect : Dialect {
  let name = "region";
  let cppNamespace = "::region";
  let summary = "device regions: the ops inside run on the named device";
}

def Region_DeviceRegionOp : Op<Region_Dialect, "device_region",
    [SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "ops inside run on `device`; device regions never nest";
  let description = [{
    Example:

    ```mlir
    %y = region.device_region "cuda:0" -> tensor<?xf64> {
      region.yield %t : tensor<?xf64>
    }
    ```
  }];
  let arguments = (ins StrAttr:$device);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$device (`->` type($results)^)? $body attr-dict";
  let hasVerifier = 1;
}

def Region_YieldOp : Op<Region_Dialect, "yield",
    [Pure, Terminator, ReturnLike, HasParent<"DeviceRegionOp">]> {
  let summary = "the device region's results";
  let description = [{
    Ends the body of a `region.device_region`: its operands become the region's results
    (same count and types). A body without results ends in a bare `region.yield`, which the
    parser inserts where it is left out.

    Example:

    ```mlir
    %r:2 = region.device_region "opencl:cpu:0" -> tensor<4xf32>, tensor<4xf32> {
      region.yield %a, %b : tensor<4xf32>, tensor<4xf32>
    }
    region.device_region "cuda:0" {
      region.yield
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ /* empty */ }]>];
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

#endif
