from tutor.ui.glossary import render

render()
