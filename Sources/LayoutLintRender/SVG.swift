// SVG wireframes of resolved layouts (issue 8).
