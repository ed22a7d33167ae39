/// The branches of a container being released (a tab container's tabs, a split's columns), and
/// what keeps their flows alive, until its teardown has finished them; the teardown closure holds
/// only this box, and empties it.
@MainActor
final class ReleasedBranches {
  var branches: [ContainerNode]
  /// The branches' flows, then the branches.
  var objects: [AnyObject]

  init(branches: [ContainerNode], owners: [AnyObject]) {
    self.branches = branches
    objects = owners + branches
  }
}
