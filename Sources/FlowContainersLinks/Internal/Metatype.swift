/// A metatype carried in a value that is sent (a route map, a destination): metatypes are
/// immutable, and only their static members need the main actor, which declares them so.
struct Metatype<Type>: @unchecked Sendable {
  let type: Type
}
