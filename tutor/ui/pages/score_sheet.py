from tutor.ui.score_sheet import render

render()
