import Observation

extension StackContainer: ContainerContent {
  var screenCount: Int { storage.count }

  var screenDescriptions: [String] { storage.map { String(describing: $0) } }

  func screenIndex(identicalTo object: AnyObject) -> Int? {
    storage.firstIndex { type(of: $0) is AnyClass && ($0 as AnyObject) === object }
  }

  func hostPop(toIndex index: Int) {
    _ = pop(toIndex: index, operation: .popTo(index: index), animated: false, cause: .user)
  }

  func hostPopTop() {
    _ = popTop(animated: false, cause: .user)
  }

  func accessStack() {
    if registrar == nil { registrar = RegistrarBox() }
    if stackKeyPath == nil { stackKeyPath = \.stack }
    if let registrar, let stackKeyPath { registrar.registrar.access(self, keyPath: stackKeyPath) }
  }

  func reportPopOfRoot(fileID: StaticString, line: UInt) {
    report(
      storage.isEmpty ? .emptyStack : .popRoot,
      storage.isEmpty
        ? "pop() on \(locationDescription), whose stack is empty; there is nothing to pop."
        : "pop() on \(locationDescription) would remove the root screen; a flow always keeps "
          + "its root. To leave the flow, dismiss its container instead.",
      fileID: fileID, line: line)
  }
}
