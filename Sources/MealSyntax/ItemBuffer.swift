/// The items of the list being parsed, built where they stay until the list is complete and
/// then moved into an array in one go. Appending to an array copied every (large) item once
/// more on its way in, retaining and later releasing each of its strings: 6% of the parse.
final class ItemBuffer {
    private var base: UnsafeMutablePointer<Item>
    private var capacity = 8
    private(set) var count = 0

    init() {
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Adds an item made of these parts at the end, moving each part straight into its field
    /// of the item's slot. (Every way of building an `Item` value first, `Array.append`
    /// included, made the compiler copy the whole item once more.) Every stored property of
    /// `Item` must be initialized here; `ByteLevelTests` fails when `Item` gains one.
    @inline(never)
    func append(written: consuming Written, quantity: consuming Quantity?, unit: consuming UnitWord?,
                name: consuming FoodName, note: consuming Written?) {
        if count == capacity { grow() }
        let slot = UnsafeMutableRawPointer(base + count)
        (slot + MemoryLayout<Item>.offset(of: \Item.written)!).initializeMemory(as: Written.self, to: written)
        (slot + MemoryLayout<Item>.offset(of: \Item.quantity)!).initializeMemory(as: Quantity?.self, to: quantity)
        (slot + MemoryLayout<Item>.offset(of: \Item.unit)!).initializeMemory(as: UnitWord?.self, to: unit)
        (slot + MemoryLayout<Item>.offset(of: \Item.name)!).initializeMemory(as: FoodName.self, to: name)
        (slot + MemoryLayout<Item>.offset(of: \Item.note)!).initializeMemory(as: Written?.self, to: note)
        (slot + MemoryLayout<Item>.offset(of: \Item.joinedByAnd)!).initializeMemory(as: Bool.self, to: false)
        count += 1
    }

    /// The last item, to finish in place (the buffer must not be empty).
    var last: UnsafeMutablePointer<Item> {
        precondition(count > 0, "no item to finish")
        return base + (count - 1)
    }

    /// Moves every item into an array (no copies), leaving the buffer empty.
    func take() -> [Item] {
        let taken = count
        count = 0
        return [Item](unsafeUninitializedCapacity: taken) { buffer, initialized in
            if taken > 0 { buffer.baseAddress!.moveInitialize(from: base, count: taken) }
            initialized = taken
        }
    }

    /// Drops every item.
    func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Item>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
