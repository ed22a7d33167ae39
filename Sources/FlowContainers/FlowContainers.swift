// The module users import: the core and the links-and-restoration layer, as one.
//
// `FlowContainersCore` compiles on its own (containers, presentation, ownership, endings,
// observation, diagnostics); `FlowContainersLinks` builds deep links and restoration on the
// core's public and `package` API. `import FlowContainers` gives both.

@_exported public import FlowContainersCore
@_exported public import FlowContainersLinks
