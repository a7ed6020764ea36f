/// Receives the nodes of a subtree in document order from ``XMLNode/walk(_:)``.
package protocol XMLVisitor {
    /// Called when the walk reaches a node; return `false` to skip its children.
    mutating func enter(_ node: XMLNode) -> Bool
    /// Called after a node's children (or right after ``enter(_:)`` when they
    /// were skipped or there are none).
    mutating func exit(_ node: XMLNode)
}

extension XMLVisitor {
    package mutating func exit(_ node: XMLNode) {}
}

extension XMLNode {
    /// Visits this node and everything under it in document order. The walk
    /// follows sibling and parent links instead of recursing, so documents
    /// nested 100,000 deep cannot overflow the stack.
    package func walk<Visitor: XMLVisitor>(_ visitor: inout Visitor) {
        var node = self
        while true {
            if visitor.enter(node), let child = node.firstChild {
                node = child
                continue
            }
            while true {
                visitor.exit(node)
                if node.isSame(as: self) { return }
                if let next = node.nextSibling {
                    node = next
                    break
                }
                guard let parent = node.parent else { return }
                node = parent
            }
        }
    }
}
