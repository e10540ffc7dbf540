// `layoutlint render`: an SVG wireframe of the resolved layout (issue 8).
import ArgumentParser
import LayoutLintRender

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Draw the resolved layout as an SVG wireframe.")
}
