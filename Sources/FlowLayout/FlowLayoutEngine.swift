@_exported import FlowLayoutCore
