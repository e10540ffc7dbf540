# Homebrew formula: builds layoutlint from source with Swift (Xcode 16 or later on macOS) and json-c.
#
#   brew install --HEAD layoutlint/layoutlint/layoutlint     # from a tap of this repository (the tap is the repo)
#   brew install --build-from-source ./Formula/layoutlint.rb  # from a checkout
#
# A release bumps `tag:` and `revision:` below. Not checked by `brew audit` or built by Homebrew in this
# repository's CI (no macOS runner there); `ruby -c` checks its syntax.
class Layoutlint < Formula
  desc "Lint UICollectionViewCompositionalLayout specs as UIKit resolves them"
  homepage "https://github.com/layoutlint/layoutlint"
  url "https://github.com/layoutlint/layoutlint.git", tag: "v0.1.0"
  version "0.1.0"
  head "https://github.com/layoutlint/layoutlint.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  depends_on "pkgconf" => :build
  depends_on "json-c"

  uses_from_macos "swift" => :build

  def install
    # SwiftPM finds json-c through its pkg-config file (the manifest names the brew package json-c).
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "layoutlint",
           "-Xcc", "-I#{Formula["json-c"].opt_include}", "-Xlinker", "-L#{Formula["json-c"].opt_lib}"
    bin.install ".build/release/layoutlint"
    generate_completions_from_executable(bin/"layoutlint", "--generate-completion-script")
  end

  test do
    (testpath/"rows.layout.json").write <<~JSON
      { "environments": ["iPhone 12"],
        "sections": [{ "name": "rows", "itemCount": 3,
          "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "estimated(44)",
                     "subitems": [{ "width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": 8 }] } }] }
    JSON
    output = shell_output("#{bin}/layoutlint lint --format xcode #{testpath}/rows.layout.json")
    assert_match "warning:", output
    assert_match "[estimated-content-insets]", output
    assert_match "layoutlint", shell_output("#{bin}/layoutlint --help")
  end
end
