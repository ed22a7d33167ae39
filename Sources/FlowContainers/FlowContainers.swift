// The module users import: the core, restoration and links, as one.
//
// `FlowContainersCore` compiles on its own (containers, presentation, ownership, endings,
// observation, diagnostics); `FlowContainersRestoration` builds routes, snapshots and the
// planning by difference on the core's public API and its seam; `FlowContainersLinks` builds
// deep links on restoration. `import FlowContainers` gives all three.

@_exported public import FlowContainersCore
@_exported public import FlowContainersLinks
@_exported public import FlowContainersRestoration
